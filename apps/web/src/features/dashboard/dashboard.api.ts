import type { ContentItem, LoginStats, UserDashboard } from '@fieldcraft/contracts';
import { api } from '../../app/api';

const LIST = 'LIST' as const;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Active items the signed-in person may see. */
    getDashboardContent: build.query<ContentItem[], void>({
      query: () => '/api/dashboard/content',
      providesTags: (items = []) => [
        { type: 'Content', id: LIST },
        ...items.map((i) => ({ type: 'Content' as const, id: i.id })),
      ],
    }),
    /** A click on an item (spec: every click records an access). */
    recordContentAccess: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/content/${id}/access`, method: 'POST' }),
      invalidatesTags: [{ type: 'ContentAccess', id: LIST }],
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

export const {
  useGetDashboardContentQuery,
  useRecordContentAccessMutation,
  useGetUserDashboardQuery,
  useGetLoginStatsQuery,
} = dashboardApi;
