import type { User } from '@fieldcraft/contracts';
import { LoadingState, PageHeader, RoleBadge } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { serverErrorDetail } from '../../../shared/api/request';
import { formatDate } from '../../../shared/format/dates';
import { useAppDispatch } from '../../../shared/store/hooks';
import { showToast } from '../../../shared/toasts/toasts.slice';
import { useGetAccountQuery, useSignOutOthersMutation } from './account.api';
import { ProfilePasswordForm } from './profile-password-form';
import { ThisDeviceSection } from './this-device-section';

const roleName = { OWNER: 'Owner', ADMIN: 'Company admin', USER: 'Crew member' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={id} component="h2" variant="h5">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr' }, gap: 0.5 }}>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const devices = (n: number) => (n === 1 ? '1 other device' : `${n} other devices`);

/** /profile: the signed-in person's own account, password, devices and this device's settings. */
export function ProfilePage({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const { data: account, isLoading, isError } = useGetAccountQuery();
  const [signOutOthers, { isLoading: signingOut }] = useSignOutOthersMutation();
  const shown = account?.user ?? user;
  const name = [shown.firstName, shown.lastName].filter(Boolean).join(' ').trim();

  async function onSignOutOthers() {
    try {
      const { signedOut } = await signOutOthers().unwrap();
      dispatch(
        showToast({
          title: 'Signed Out Elsewhere',
          description:
            signedOut === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out of ${devices(signedOut)}.`,
        }),
      );
    } catch (error) {
      dispatch(
        showToast({
          variant: 'destructive',
          title: 'Error',
          description: serverErrorDetail(error) ?? 'Failed to sign out of other devices',
        }),
      );
    }
  }

  return (
    <>
      <PageHeader title="Profile" subtitle="Your account, your password and this device" />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section id="profile-account" title="Your account">
          <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }}>
            <Fact term="Name">{name || '—'}</Fact>
            <Fact term="Email">{shown.email}</Fact>
            <Fact term="Role">
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {roleName[shown.role]} <RoleBadge role={shown.role} />
              </Box>
            </Fact>
            <Fact term="Company">
              {isLoading ? 'Loading...' : (account?.company?.name ?? 'No company')}
            </Fact>
            <Fact term="Member since">{formatDate(shown.createdAt)}</Fact>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            To change your name, email or company, ask your company admin or the owner.
          </Typography>
        </Section>

        <Section id="profile-password" title="Change password">
          <ProfilePasswordForm user={user} />
        </Section>

        <Section id="profile-devices" title="Signed-in devices">
          {isLoading ? (
            <LoadingState label="Loading..." />
          ) : isError || !account ? (
            <Alert severity="warning">Could not load your devices. Try again later.</Alert>
          ) : (
            <Typography>
              {account.otherSessions === 0
                ? 'You are signed in on this device only.'
                : `You are also signed in on ${devices(account.otherSessions)}.`}
            </Typography>
          )}
          <Box>
            <Button
              variant="outlined"
              color="secondary"
              onClick={() => void onSignOutOthers()}
              disabled={signingOut || account?.otherSessions === 0}
            >
              {signingOut ? 'Signing Out...' : 'Sign out of other devices'}
            </Button>
          </Box>
        </Section>

        <Section id="profile-device" title="This device">
          <ThisDeviceSection user={user} />
        </Section>
      </Box>
    </>
  );
}
