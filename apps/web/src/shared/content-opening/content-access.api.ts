import { api, uniqueEndpoints } from '../api/api';

/**
 * Recording that someone opened a content item. Shared by the dashboard (item clicks) and the
 * room chat (citation clicks), so it lives in app/ rather than in either feature.
 */
export const contentAccessApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    /** A click on an item (spec: every click records an access). */
    recordContentAccess: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/content/${id}/access`, method: 'POST' }),
      invalidatesTags: [{ type: 'ContentAccess', id: 'LIST' }],
    }),
  }),
});

export const { useRecordContentAccessMutation } = contentAccessApi;
