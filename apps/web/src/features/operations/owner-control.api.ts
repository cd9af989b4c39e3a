import type { AdminSummary } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';

export const ownerControlApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    getAdminSummary: build.query<AdminSummary, void>({
      query: () => '/api/admin/summary',
      providesTags: ['AdminSummary'],
    }),
  }),
});

/**
 * The numbers of /owner-control and /main-dashboard. Fetched again on every visit: they change
 * with every other screen's work (users, rooms, content, conversations), none of which knows
 * about this summary.
 */
export function useAdminSummary() {
  return ownerControlApi.useGetAdminSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
}
