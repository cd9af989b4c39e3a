import type { Account, SignOutOthersResponse } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

/** The Profile page's account facts and "Sign out of other devices". */
export const accountApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    getAccount: build.query<Account, void>({
      query: () => '/api/auth/account',
      // A password change (which ends the other sessions) refetches it too.
      providesTags: ['CurrentUser'],
      keepUnusedDataFor: 0,
    }),
    signOutOthers: build.mutation<SignOutOthersResponse, void>({
      query: () => ({ url: '/api/auth/sign-out-others', method: 'POST' }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetAccountQuery, useSignOutOthersMutation } = accountApi;
