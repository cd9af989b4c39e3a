import type {
  ManagedUser,
  ManagedUserListQueryInput,
  PasswordResetRequest,
  User,
} from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
import { ResetRequestsPanel } from './reset-requests-panel';
import { UserFormDialog } from './user-form-dialog';
import { noFilters, UserFilters, type UserFilterValues } from './user-filters';
import { UserList } from './user-list';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | {
      kind: 'edit' | 'reset' | 'access' | 'deactivate' | 'reactivate' | 'impersonate';
      user: ManagedUser;
    }
  | { kind: 'reset-request'; user: PasswordResetRequest['user'] };

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
  const [filters, setFilters] = useState<UserFilterValues>(noFilters);
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

      <ResetRequestsPanel onReset={(user) => setDialog({ kind: 'reset-request', user })} />

      <UserFilters
        isOwner={isOwner}
        search={search}
        onSearch={setSearch}
        filters={filters}
        setFilter={setFilter}
        companies={companies}
      />

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
        <UserList users={users} onActions={(anchor, user) => setMenu({ anchor, user })} />
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
      <ResetPasswordDialog
        user={dialog.kind === 'reset' || dialog.kind === 'reset-request' ? dialog.user : null}
        onClose={close}
      />
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
