import type { ManagedUser, ManagedUserListQueryInput, User } from '@fieldcraft/contracts';
import { EmptyState, InitialAvatar, LoadingState, PageHeader, RoleBadge } from '@fieldcraft/ui';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { serverErrorDetail } from '../../../../shared/api/api';
import { useAppDispatch } from '../../../../shared/store/hooks';
import { navigation } from '../../../../shared/navigation';
import { paths } from '../../../../shared/paths';
import { showToast } from '../../../../shared/toasts/toasts.slice';
import { displayName } from '../people-names';
import {
  useGetCompanyChoicesQuery,
  useGetManagedUsersQuery,
  useSetDeactivatedMutation,
  useStartImpersonationMutation,
} from '../user-management.api';
import { AccessDialog } from './access-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserFormDialog } from './user-form-dialog';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | {
      kind: 'edit' | 'reset' | 'access' | 'deactivate' | 'reactivate' | 'impersonate';
      user: ManagedUser;
    };

/** Mirrors the server's rules (docs/people-and-companies.md); the server decides. */
function canManage(actor: User, user: ManagedUser): boolean {
  return actor.role === 'OWNER' || (actor.role === 'ADMIN' && user.role === 'USER');
}
function canImpersonate(actor: User, user: ManagedUser): boolean {
  return user.id !== actor.id && !user.deactivatedAt && canManage(actor, user);
}

/** Where acting as someone starts: their rooms, with the hand-over the app stores (spec §4). */
export function impersonationUrl(token: string, user: unknown): string {
  const params = new URLSearchParams({
    impersonation_token: token,
    impersonated_user: JSON.stringify(user),
  });
  return `${paths.rooms.getHref()}?${params.toString()}`;
}

// Selects whose empty value means "all" still show that choice, with the label above it.
const allOption = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /user-management (OWNER, ADMIN): find people, edit them, reset passwords, deactivate, act as them. */
export function UserManagementPage({ user: actor }: { user: User }) {
  const dispatch = useAppDispatch();
  const isOwner = actor.role === 'OWNER';
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState({ role: '', status: '', companyId: '', state: 'all' });
  const q = useDebounced(search.trim(), 250);
  // Empty values mean "any"; the server validates the rest.
  const query = { ...filters, q } as ManagedUserListQueryInput;
  const { data: users = [], isLoading, isFetching } = useGetManagedUsersQuery(query);
  const { data: companies = [] } = useGetCompanyChoicesQuery();
  const [setDeactivated, { isLoading: switching }] = useSetDeactivatedMutation();
  const [startImpersonation, { isLoading: starting }] = useStartImpersonationMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: ManagedUser } | null>(null);
  const close = () => setDialog({ kind: 'none' });
  const ownCompany = companies.find((c) => c.id === actor.companyId);

  const setFilter = (key: keyof typeof filters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value }));

  const toast = (title: string, description: string, destructive = false) =>
    dispatch(showToast({ title, description, variant: destructive ? 'destructive' : 'default' }));

  async function switchActive(user: ManagedUser, deactivated: boolean) {
    try {
      await setDeactivated({ id: user.id, deactivated }).unwrap();
      toast(
        'Success',
        deactivated
          ? `${displayName(user)} is deactivated and signed out everywhere.`
          : `${displayName(user)} can sign in again.`,
      );
      close();
    } catch (error) {
      toast('Error', serverErrorDetail(error) ?? 'Failed to update the account', true);
    }
  }

  async function impersonate(user: ManagedUser) {
    try {
      const started = await startImpersonation(user.id).unwrap();
      navigation.assign(impersonationUrl(started.token, started.user));
    } catch (error) {
      toast('Error', serverErrorDetail(error) ?? 'Failed to start acting as this user', true);
    }
  }

  const open = (kind: Exclude<Dialog['kind'], 'none' | 'create'>) => () => {
    if (menu) setDialog({ kind, user: menu.user });
    setMenu(null);
  };

  const subtitle = isOwner
    ? 'Find people, manage their accounts and what they can reach'
    : ownCompany
      ? `People of ${ownCompany.name}`
      : 'You are not assigned to a company yet, so there is nobody to manage.';

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle={subtitle}
        actions={
          <>
            {isOwner ? (
              <Button
                component={RouterLink}
                to={paths.ownerControl.getHref()}
                variant="outlined"
                startIcon={<ArrowBackIcon />}
              >
                Back to Owner Control
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={paths.companies.getHref()}
              variant="outlined"
              startIcon={<ApartmentIcon />}
            >
              Companies
            </Button>
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setDialog({ kind: 'create' })}
              disabled={!isOwner && !actor.companyId}
            >
              Add User
            </Button>
          </>
        }
      />

      <Card component="section" aria-label="Filters" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr 1fr',
              md: isOwner ? '2fr repeat(4, 1fr)' : '2fr repeat(3, 1fr)',
            },
          }}
        >
          <TextField
            label="Search"
            placeholder="Name, email or username"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          />
          <TextField
            select
            label="Role"
            value={filters.role}
            onChange={setFilter('role')}
            slotProps={allOption}
          >
            <MenuItem value="">All roles</MenuItem>
            {(isOwner ? ['OWNER', 'ADMIN', 'USER'] : ['ADMIN', 'USER']).map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Status"
            value={filters.status}
            onChange={setFilter('status')}
            slotProps={allOption}
          >
            <MenuItem value="">All statuses</MenuItem>
            <MenuItem value="PENDING">PENDING</MenuItem>
            <MenuItem value="ACTIVE">ACTIVE</MenuItem>
          </TextField>
          {isOwner ? (
            <TextField
              select
              label="Company"
              value={filters.companyId}
              onChange={setFilter('companyId')}
              slotProps={allOption}
            >
              <MenuItem value="">All companies</MenuItem>
              <MenuItem value="none">No company</MenuItem>
              {companies.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField select label="Account" value={filters.state} onChange={setFilter('state')}>
            <MenuItem value="all">All accounts</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="deactivated">Deactivated</MenuItem>
          </TextField>
        </Box>
      </Card>

      <Typography role="status" sx={{ color: 'text.secondary', mb: 1 }}>
        {isLoading
          ? 'Loading...'
          : `${users.length} ${users.length === 1 ? 'user' : 'users'}${isFetching ? ' (updating...)' : ''}`}
      </Typography>

      {isLoading ? (
        <LoadingState label="Loading users..." />
      ) : users.length === 0 ? (
        <Card>
          <EmptyState
            icon={<PeopleIcon />}
            title="No users found"
            description="Try another search or filter."
          />
        </Card>
      ) : (
        <Stack
          component="ul"
          aria-label="Users"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {users.map((user) => {
            const name = displayName(user);
            return (
              <Card
                component="li"
                key={user.id}
                aria-label={name}
                sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}
              >
                <InitialAvatar name={name} size={40} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                      {name}
                    </Typography>
                    <RoleBadge role={user.role} />
                    <Chip size="small" variant="outlined" label={user.status} />
                    {user.deactivatedAt ? (
                      <Chip size="small" color="warning" label="Deactivated" />
                    ) : null}
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    {user.email} · @{user.username}
                    {user.companyName ? ` · ${user.companyName}` : ''}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Actions for ${name}`}
                  aria-haspopup="menu"
                  onClick={(e) => setMenu({ anchor: e.currentTarget, user })}
                  sx={{ width: 44, height: 44 }}
                >
                  <MoreVertIcon />
                </IconButton>
              </Card>
            );
          })}
        </Stack>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu
          ? [
              <MenuItem key="edit" disabled={!canManage(actor, menu.user)} onClick={open('edit')}>
                Edit
              </MenuItem>,
              <MenuItem
                key="reset"
                disabled={!canManage(actor, menu.user) || menu.user.id === actor.id}
                onClick={open('reset')}
              >
                Reset Password
              </MenuItem>,
              <MenuItem key="access" onClick={open('access')}>
                Rooms &amp; Access
              </MenuItem>,
              <MenuItem
                key="impersonate"
                disabled={!canImpersonate(actor, menu.user)}
                onClick={open('impersonate')}
              >
                Act as User
              </MenuItem>,
              menu.user.deactivatedAt ? (
                <MenuItem
                  key="reactivate"
                  disabled={!canManage(actor, menu.user)}
                  onClick={open('reactivate')}
                >
                  Reactivate
                </MenuItem>
              ) : (
                <MenuItem
                  key="deactivate"
                  disabled={!canManage(actor, menu.user) || menu.user.id === actor.id}
                  onClick={open('deactivate')}
                  sx={{ color: 'error.main' }}
                >
                  Deactivate
                </MenuItem>
              ),
            ]
          : null}
      </Menu>

      <UserFormDialog
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        user={dialog.kind === 'edit' ? dialog.user : null}
        actor={actor}
        companies={companies}
        onClose={close}
      />
      <ResetPasswordDialog user={dialog.kind === 'reset' ? dialog.user : null} onClose={close} />
      <AccessDialog
        user={dialog.kind === 'access' ? dialog.user : null}
        canEdit={dialog.kind === 'access' && (isOwner || Boolean(actor.companyId))}
        onClose={close}
      />
      {dialog.kind === 'deactivate' || dialog.kind === 'reactivate' ? (
        <ConfirmDialog
          open
          title={dialog.kind === 'deactivate' ? 'Deactivate User' : 'Reactivate User'}
          text={
            dialog.kind === 'deactivate'
              ? `${displayName(dialog.user)} will be signed out everywhere and cannot sign in until reactivated.`
              : `${displayName(dialog.user)} will be able to sign in again.`
          }
          confirmLabel={dialog.kind === 'deactivate' ? 'Deactivate' : 'Reactivate'}
          destructive={dialog.kind === 'deactivate'}
          busy={switching}
          onConfirm={() => void switchActive(dialog.user, dialog.kind === 'deactivate')}
          onClose={close}
        />
      ) : null}
      {dialog.kind === 'impersonate' ? (
        <ConfirmDialog
          open
          title="Act as User"
          text={`You will see the app as ${displayName(dialog.user)} sees it, for up to 30 minutes. Everything you do is recorded under your own name. Use Stop in the banner to come back.`}
          confirmLabel={starting ? 'Starting...' : `Act as ${displayName(dialog.user)}`}
          busy={starting}
          onConfirm={() => void impersonate(dialog.user)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
