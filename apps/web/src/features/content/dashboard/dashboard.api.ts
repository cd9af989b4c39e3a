import type { ContentItem, LoginStats, UserDashboard } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

const LIST = 'LIST' as const;

export const dashboardApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    /** Active items the signed-in person may see. */
    getDashboardContent: build.query<ContentItem[], void>({
      query: () => '/api/dashboard/content',
      providesTags: (items = []) => [
        { type: 'Content', id: LIST },
        ...items.map((i) => ({ type: 'Content' as const, id: i.id })),
      ],
    }),
    /** USER and OWNER only: the caller's own summary. */
    getUserDashboard: build.query<UserDashboard, void>({
      query: () => '/api/user/dashboard',
      providesTags: ['UserDashboard'],
    }),
    getLoginStats: build.query<LoginStats, void>({
      query: () => '/api/user/login-stats',
      providesTags: ['LoginStats'],
    }),
  }),
});

export const { useGetDashboardContentQuery, useGetUserDashboardQuery, useGetLoginStatsQuery } =
  dashboardApi;
