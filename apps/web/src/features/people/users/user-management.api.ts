import type {
  Company,
  CreateManagedUserBody,
  ImpersonationStart,
  ImpersonationStatus,
  ManagedRoom,
  ManagedUser,
  ManagedUserListQueryInput,
  PasswordResetRequest,
  ResetPasswordBody,
  ResetPasswordResponse,
  UpdateManagedUserBody,
  UserAccess,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

const LIST = 'LIST' as const;

/** Query string of the list filters; empty values are left out. */
export function usersQueryString(query: ManagedUserListQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const userChanged = (id: number) => [
  { type: 'ManagedUser' as const, id },
  { type: 'ManagedUser' as const, id: LIST },
  { type: 'UserAccess' as const, id },
  // Company counts follow users.
  { type: 'Company' as const, id: LIST },
];

export const userManagementApi = api
  .enhanceEndpoints({ addTagTypes: ['ManagedUser', 'UserAccess', 'ManagedRoom', 'Company'] })
  .injectEndpoints({
    overrideExisting: uniqueEndpoints,
    endpoints: (build) => ({
      /** "Forgot password" requests waiting for a temporary password; a reset answers them. */
      getPasswordResetRequests: build.query<PasswordResetRequest[], void>({
        query: () => '/api/people/password-reset-requests',
        providesTags: [{ type: 'ManagedUser', id: LIST }],
      }),
      getManagedUsers: build.query<ManagedUser[], ManagedUserListQueryInput>({
        query: (query) => `/api/people/users${usersQueryString(query)}`,
        providesTags: (users = []) => [
          { type: 'ManagedUser', id: LIST },
          ...users.map((u) => ({ type: 'ManagedUser' as const, id: u.id })),
        ],
      }),
      createManagedUser: build.mutation<ManagedUser, CreateManagedUserBody>({
        query: (body) => ({ url: '/api/people/users', method: 'POST', body }),
        invalidatesTags: [
          { type: 'ManagedUser', id: LIST },
          { type: 'Company', id: LIST },
        ],
      }),
      updateManagedUser: build.mutation<ManagedUser, { id: number } & UpdateManagedUserBody>({
        query: ({ id, ...body }) => ({ url: `/api/people/users/${id}`, method: 'PATCH', body }),
        invalidatesTags: (_r, _e, { id }) => userChanged(id),
      }),
      resetPassword: build.mutation<ResetPasswordResponse, { id: number } & ResetPasswordBody>({
        query: ({ id, ...body }) => ({
          url: `/api/people/users/${id}/reset-password`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_r, _e, { id }) => userChanged(id),
      }),
      setDeactivated: build.mutation<ManagedUser, { id: number; deactivated: boolean }>({
        query: ({ id, deactivated }) => ({
          url: `/api/people/users/${id}/${deactivated ? 'deactivate' : 'reactivate'}`,
          method: 'POST',
        }),
        invalidatesTags: (_r, _e, { id }) => userChanged(id),
      }),
      getUserAccess: build.query<UserAccess, number>({
        query: (id) => `/api/people/users/${id}/access`,
        providesTags: (_r, _e, id) => [{ type: 'UserAccess', id }],
      }),
      getManagedRooms: build.query<ManagedRoom[], void>({
        query: () => '/api/people/rooms',
        providesTags: [{ type: 'ManagedRoom', id: LIST }],
      }),
      setRoomMember: build.mutation<
        { success: true },
        { roomId: number; userId: number; member: boolean }
      >({
        query: ({ roomId, userId, member }) =>
          member
            ? { url: `/api/people/rooms/${roomId}/members`, method: 'POST', body: { userId } }
            : { url: `/api/people/rooms/${roomId}/members/${userId}`, method: 'DELETE' },
        invalidatesTags: (_r, _e, { userId }) => [
          { type: 'ManagedRoom', id: LIST },
          { type: 'UserAccess', id: userId },
        ],
      }),
      /** The companies the caller may pick from (OWNER: all; ADMIN: their own). */
      getCompanyChoices: build.query<Company[], void>({
        query: () => '/api/companies',
        providesTags: [{ type: 'Company', id: LIST }],
      }),
      startImpersonation: build.mutation<ImpersonationStart, number>({
        query: (id) => ({ url: `/api/people/users/${id}/impersonate`, method: 'POST' }),
      }),
      // A mutation-style GET: the banner checks once and handles a failure itself (a failed
      // query would be toasted app-wide, which a banner's background check must not do).
      checkImpersonation: build.mutation<ImpersonationStatus, void>({
        query: () => ({ url: '/api/impersonation', method: 'GET' }),
      }),
      stopImpersonation: build.mutation<{ success: true }, void>({
        query: () => ({ url: '/api/impersonation', method: 'DELETE' }),
      }),
    }),
  });

export const {
  useGetPasswordResetRequestsQuery,
  useGetManagedUsersQuery,
  useCreateManagedUserMutation,
  useUpdateManagedUserMutation,
  useResetPasswordMutation,
  useSetDeactivatedMutation,
  useGetUserAccessQuery,
  useGetManagedRoomsQuery,
  useSetRoomMemberMutation,
  useGetCompanyChoicesQuery,
  useStartImpersonationMutation,
  useCheckImpersonationMutation,
  useStopImpersonationMutation,
} = userManagementApi;
