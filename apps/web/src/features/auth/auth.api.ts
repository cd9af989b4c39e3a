import type {
  AuthStatus,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  ResetPasswordWithTokenBody,
  ResetPasswordWithTokenResponse,
  UpdateUserBody,
  User,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';
import { storeUser } from '../../shared/session/auth-storage';
import { config } from '../../shared/config';
import { authStatusUrl } from './early-status';

export const signedOutStatus: AuthStatus = { isAuthenticated: false, user: null };

export const authApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    getAuthStatus: build.query<AuthStatus, void>({
      query: () => authStatusUrl(),
      providesTags: ['AuthStatus'],
      keepUnusedDataFor: config.timing.authStatusCacheSeconds,
      transformErrorResponse: (error) => ({ ...error, message: 'Failed to check auth status' }),
      // Keep the stored user (source of the user-role header) in step with the session.
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.isAuthenticated && data.user) storeUser(data.user);
        } catch {
          // Failures are reported by the request-errors middleware.
        }
      },
    }),
    getCurrentUser: build.query<User, void>({
      query: () => '/api/auth/user',
      providesTags: ['CurrentUser'],
    }),
    // Login does not invalidate the status itself: only a sign-in that needs no password change
    // does, and the re-verification in the change flow must not.
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<LogoutResponse, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    // A mailed reset link's token and the new password. Every session of that account ends,
    // this browser's too if it was signed in to it, so the status is asked again.
    resetPasswordWithLink: build.mutation<
      ResetPasswordWithTokenResponse,
      ResetPasswordWithTokenBody
    >({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
      invalidatesTags: ['AuthStatus'],
    }),
    updateUser: build.mutation<User, { id: number; body: UpdateUserBody }>({
      query: ({ id, body }) => ({ url: `/api/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }, 'CurrentUser'],
    }),
  }),
});

export const {
  useGetAuthStatusQuery,
  useGetCurrentUserQuery,
  useLoginMutation,
  useLogoutMutation,
  useResetPasswordWithLinkMutation,
  useUpdateUserMutation,
} = authApi;

/** Auth status, cached 10 minutes: a remount within that window does not refetch. */
export function useAuthStatus() {
  return useGetAuthStatusQuery(undefined, {
    refetchOnMountOrArgChange: config.timing.authStatusCacheSeconds,
  });
}

// Free of RTK Query, for the light public app too (password-change.ts).
export { needsPasswordChange } from './password-change';
