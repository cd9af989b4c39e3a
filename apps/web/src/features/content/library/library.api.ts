import type { ContentReader, ContentSearchResult, PlaybackPosition } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

export const libraryApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    /** Full-text search over the text of what the caller may see (passages, best first). */
    searchLibrary: build.query<ContentSearchResult[], string>({
      query: (q) => `/api/content/search?q=${encodeURIComponent(q)}&limit=30`,
      keepUnusedDataFor: 60,
    }),
    /** One item ready for the in-app reader or player. */
    getContentReader: build.query<ContentReader, number>({
      query: (id) => `/api/content/${id}/reader`,
      providesTags: (_r, _e, id) => [{ type: 'Content', id }],
    }),
    /** Where the caller left off in videos and audio (server side: the same on every device). */
    getPlaybackPositions: build.query<PlaybackPosition[], void>({
      query: () => '/api/content/positions',
    }),
    savePlaybackPosition: build.mutation<
      PlaybackPosition,
      { contentId: number; positionSeconds: number }
    >({
      query: ({ contentId, positionSeconds }) => ({
        url: `/api/content/${contentId}/position`,
        method: 'PUT',
        body: { positionSeconds },
      }),
      // The dashboard's "Resume at …" follows without another request.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          libraryApi.util.updateQueryData('getPlaybackPositions', undefined, (draft) => {
            const rest = draft.filter((p) => p.contentId !== data.contentId);
            return [data, ...rest];
          }),
        );
      },
    }),
  }),
});

export const {
  useSearchLibraryQuery,
  useGetContentReaderQuery,
  useGetPlaybackPositionsQuery,
  useSavePlaybackPositionMutation,
} = libraryApi;
