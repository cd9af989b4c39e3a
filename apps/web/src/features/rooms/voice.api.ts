import type {
  ConversationDetail,
  ConversationSummary,
  SignedUrlResponse,
  VoiceStatus,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';

/** The list tag of one room's past conversations. */
export const roomConversationsTag = (roomId: number) => ({
  type: 'Conversation' as const,
  id: `room-${roomId}`,
});

export const voiceApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    /** What speech the server can do; a missing engine is reported, text always works. */
    getVoiceStatus: build.query<VoiceStatus, void>({
      query: () => '/api/voice/status',
      providesTags: ['VoiceStatus'],
    }),
    /**
     * A single-use, short-lived websocket URL for the room's agent. A mutation (though a GET)
     * because every start needs a fresh one: nothing may be cached or shared.
     */
    getRoomSignedUrl: build.mutation<SignedUrlResponse, number>({
      query: (roomId) => `/api/voice/rooms/${roomId}/signed-url`,
    }),
    /** The signed-in person's past conversations in a room, newest first. */
    getRoomConversations: build.query<ConversationSummary[], number>({
      query: (roomId) => `/api/voice/rooms/${roomId}/conversations`,
      // Accept a bare list or `{ conversations: [...] }`.
      transformResponse: (body: unknown) =>
        Array.isArray(body)
          ? (body as ConversationSummary[])
          : ((body as { conversations?: ConversationSummary[] } | null)?.conversations ?? []),
      providesTags: (_list, _error, roomId) => [roomConversationsTag(roomId)],
    }),
    /** One past conversation with its transcript and citations. */
    getConversation: build.query<ConversationDetail, string>({
      query: (id) => `/api/voice/conversations/${encodeURIComponent(id)}`,
      providesTags: (_c, _e, id) => [{ type: 'Conversation', id }],
    }),
  }),
});

export const {
  useGetVoiceStatusQuery,
  useGetRoomSignedUrlMutation,
  useGetRoomConversationsQuery,
  useGetConversationQuery,
} = voiceApi;
