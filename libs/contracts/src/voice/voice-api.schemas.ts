import { z } from 'zod';
import { ContentTypeSchema } from '../content/content.schemas';
import { VoiceAudioFormatSchema } from './voice.schemas';

// The HTTP side of the advisor runtime. The websocket frames live in voice.schemas.ts.

/** A passage the advisor drew on: the item, its page (PDF page or Word section) and a link. */
export const CitationSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  type: ContentTypeSchema,
  page: z.number().int(),
  /** Where the item opens (a file URL gets `#page=N` for PDFs); null when it has none. */
  url: z.string().nullable(),
});
export type Citation = z.infer<typeof CitationSchema>;

/**
 * An entry of `agent_response_event.attachments` (voice-protocol.md §5): the protocol's
 * `{url, name, mime_type}` plus our citation fields, which other clients ignore.
 */
export const CitationAttachmentSchema = z.looseObject({
  url: z.string(),
  name: z.string(),
  mime_type: z.string(),
  content_id: z.number().int(),
  content_type: ContentTypeSchema,
  page: z.number().int(),
});
export type CitationAttachment = z.infer<typeof CitationAttachmentSchema>;

/** GET /api/voice/rooms/{roomId}/signed-url: single use, short-lived. */
export const SignedUrlResponseSchema = z.object({ signedUrl: z.string() });
export type SignedUrlResponse = z.infer<typeof SignedUrlResponseSchema>;

/** GET /api/voice/status: what this server can do, so the room can say what is missing. */
export const VoiceStatusSchema = z.object({
  speechSynthesis: z.object({ available: z.boolean(), engine: z.string().nullable() }),
  speechRecognition: z.object({ available: z.boolean(), engine: z.string().nullable() }),
  languageModel: z.object({ configured: z.boolean() }),
  /** Human-readable lines, e.g. 'Speech recognition is unavailable: pocketsphinx is not installed.' */
  missing: z.array(z.string()),
});
export type VoiceStatus = z.infer<typeof VoiceStatusSchema>;

export const ConversationMessageSchema = z.object({
  eventId: z.number().int(),
  role: z.enum(['user', 'agent']),
  source: z.enum(['text', 'voice', 'agent']),
  text: z.string(),
  citations: z.array(CitationSchema),
  feedback: z.enum(['like', 'dislike']).nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  agentId: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  messageCount: z.number().int(),
  /** The first user turn, shortened, to tell conversations apart. */
  preview: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** GET /api/voice/conversations/{id}: the owner of the conversation, or an OWNER. */
export const ConversationDetailSchema = ConversationSummarySchema.extend({
  userId: z.number().int().nullable(),
  messages: z.array(ConversationMessageSchema),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const ConversationParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /api/voice/conversations?q=… (OWNER): full-text search over every transcript. */
export const TranscriptSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Search text must be at least 2 characters').max(200),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const TranscriptHitSchema = z.object({
  conversationId: z.string(),
  roomName: z.string().nullable(),
  agentId: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  eventId: z.number().int(),
  role: z.enum(['user', 'agent']),
  text: z.string(),
  createdAt: z.string(),
});
export type TranscriptHit = z.infer<typeof TranscriptHitSchema>;

export const AgentProviderSchema = z.enum(['local', 'elevenlabs']);
export const AgentOverrideSchema = z.enum(['first_message', 'prompt', 'language', 'voice']);
/** The audio formats a local agent may speak in (voice-protocol.md §8, the values in use). */
export const AgentOutputFormatSchema = z.enum([
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
]);

/** GET/POST/PATCH /api/owner/agents: the full agent record (OWNER). */
export const AgentDetailSchema = z.object({
  id: z.number().int(),
  agentId: z.string(),
  name: z.string(),
  provider: AgentProviderSchema,
  systemPrompt: z.string(),
  firstMessage: z.string(),
  language: z.string(),
  voice: z.string().nullable(),
  outputFormat: VoiceAudioFormatSchema,
  allowedOverrides: z.array(AgentOverrideSchema),
  /** Empty: the agent draws on every item the user may see. */
  knowledgeContentIds: z.array(z.number().int()),
  roomCount: z.number().int(),
});
export type AgentDetail = z.infer<typeof AgentDetailSchema>;

export const CreateAgentBodySchema = z.object({
  agentId: z
    .string()
    .trim()
    .min(3, 'Agent id must be at least 3 characters')
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Agent id may hold only letters, digits, - and _'),
  name: z.string().trim().min(1, 'Agent name is required').max(100),
  provider: AgentProviderSchema.default('local'),
  systemPrompt: z.string().max(10000).default(''),
  firstMessage: z.string().max(1000).default(''),
  language: z.string().trim().min(2).max(10).default('en'),
  voice: z.string().trim().max(100).nullable().default(null),
  outputFormat: AgentOutputFormatSchema.default('pcm_16000'),
  allowedOverrides: z.array(AgentOverrideSchema).default([]),
  knowledgeContentIds: z.array(z.number().int().positive()).max(1000).default([]),
});
export type CreateAgentBody = z.input<typeof CreateAgentBodySchema>;

export const UpdateAgentBodySchema = CreateAgentBodySchema.omit({ agentId: true }).partial();
export type UpdateAgentBody = z.input<typeof UpdateAgentBodySchema>;

export const AgentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/owner/knowledge-gaps (OWNER): questions the advisor could not answer. */
export const KnowledgeGapSchema = z.object({
  id: z.string(),
  question: z.string(),
  agentId: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  userId: z.number().int().nullable(),
  askedAt: z.string(),
});
export type KnowledgeGap = z.infer<typeof KnowledgeGapSchema>;
