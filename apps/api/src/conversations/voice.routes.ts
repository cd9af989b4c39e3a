import {
  ApiErrorSchema,
  ConversationDetailSchema,
  ConversationParamsSchema,
  ConversationSummarySchema,
  ErrorCode,
  RoomIdParamsSchema,
  SignedUrlResponseSchema,
  TranscriptHitSchema,
  TranscriptSearchQuerySchema,
  VoiceStatusSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { voiceConfig } from '../plugins/config';
import { currentUser } from '../plugins/session';
import { VOICE_PATH } from '../plugins/voice';
import {
  findRoomForVoice,
  isRoomMember,
  mintUrlToken,
} from '../voice/runtime/voice-access.repository';
import {
  findConversation,
  listOwnConversations,
  searchTranscripts,
} from '../voice/runtime/voice.repository';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

const roomNotFound = () => new AppError(404, ErrorCode.ROOM_NOT_FOUND, 'Room not found');
const conversationNotFound = () =>
  new AppError(404, ErrorCode.CONVERSATION_NOT_FOUND, 'Conversation not found');

/** /api/voice: signed URLs, what speech this server has, and conversation history. */
const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/rooms/:roomId/signed-url',
    {
      schema: {
        tags: ['voice'],
        summary:
          'A single-use websocket URL (60 s) for the room’s agent: member of a LIVE room, OWNER any room',
        params: RoomIdParamsSchema,
        response: {
          200: SignedUrlResponseSchema,
          ...errors,
          409: ApiErrorSchema,
          502: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const limits = voiceConfig(app.config);
      const room = await findRoomForVoice(db, request.params.roomId);
      const owner = user.role === 'OWNER';
      if (!room || (!owner && !(await isRoomMember(db, room.id, user.id)))) throw roomNotFound();
      if (!owner && room.status !== 'LIVE') {
        throw new AppError(409, ErrorCode.ROOM_NOT_LIVE, 'This room is not live');
      }
      if (room.agent.provider === 'elevenlabs') {
        return { signedUrl: await elevenLabsSignedUrl(limits, room.agent.agentId, request.log) };
      }
      // Bound to this session too: signing out ends the conversation.
      const token = await mintUrlToken(
        db,
        user.id,
        room.id,
        limits.signedUrlTtlMs,
        request.session?.id ?? null,
      );
      const scheme = request.protocol === 'https' ? 'wss' : 'ws';
      const query = new URLSearchParams({ agent_id: room.agent.agentId, token });
      return { signedUrl: `${scheme}://${request.host}${VOICE_PATH}?${query}` };
    },
  );

  app.get(
    '/status',
    {
      schema: {
        tags: ['voice'],
        summary: 'Which speech engines this server has and what is missing',
        response: { 200: VoiceStatusSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => {
      const { speech } = app;
      return {
        speechSynthesis: {
          available: speech.synthesizer !== null,
          engine: speech.synthesizer?.engine ?? null,
        },
        speechRecognition: {
          available: speech.recognizer !== null,
          engine: speech.recognizer?.engine ?? null,
        },
        languageModel: { configured: Boolean(process.env.LLM_BASE_URL?.trim()) },
        missing: speech.missing,
      };
    },
  );

  app.get(
    '/rooms/:roomId/conversations',
    {
      schema: {
        tags: ['voice'],
        summary: 'The caller’s own conversations in a room, newest first',
        params: RoomIdParamsSchema,
        response: { 200: z.array(ConversationSummarySchema), ...errors },
      },
    },
    async (request) => listOwnConversations(db, currentUser(request).id, request.params.roomId),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags: ['voice'],
        summary: 'One conversation with its transcript: its user, or an OWNER; others 404',
        params: ConversationParamsSchema,
        response: { 200: ConversationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await findConversation(db, request.params.id);
      if (!found || (user.role !== 'OWNER' && found.userId !== user.id)) {
        throw conversationNotFound();
      }
      return found;
    },
  );

  app.get(
    '/conversations',
    {
      onRequest: app.requireRole('OWNER'),
      schema: {
        tags: ['voice'],
        summary: 'OWNER: full-text search over every transcript',
        querystring: TranscriptSearchQuerySchema,
        response: { 200: z.array(TranscriptHitSchema), ...errors },
      },
    },
    async (request) => searchTranscripts(db, request.query.q, request.query.limit),
  );
};

async function elevenLabsSignedUrl(
  limits: ReturnType<typeof voiceConfig>,
  agentId: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<string> {
  if (!limits.elevenLabsApiKey) {
    throw new AppError(
      503,
      ErrorCode.SERVICE_UNAVAILABLE,
      'This agent runs on ElevenLabs, but ELEVENLABS_API_KEY is not set on this server',
    );
  }
  const url = `${limits.elevenLabsApiUrl}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`;
  let signedUrl: unknown;
  try {
    const res = await fetch(url, {
      headers: { 'xi-api-key': limits.elevenLabsApiKey },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`ElevenLabs answered ${res.status}`);
    signedUrl = ((await res.json()) as { signed_url?: unknown }).signed_url;
  } catch (err) {
    log.warn({ err }, 'ElevenLabs signed URL failed');
    throw new AppError(502, ErrorCode.UPSTREAM_FAILED, 'ElevenLabs did not give a signed URL');
  }
  if (typeof signedUrl !== 'string' || !/^wss?:\/\//.test(signedUrl)) {
    throw new AppError(502, ErrorCode.UPSTREAM_FAILED, 'ElevenLabs did not give a signed URL');
  }
  return signedUrl;
}

export default voiceRoutes;
