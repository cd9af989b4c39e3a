// Over 300 lines: every table of the database as Kysely sees it, in one place, so a query
// anywhere is typed against the one schema the migrations build.
import type { TextStatus, TextStatusReason } from '@fieldcraft/contracts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// Timestamps come back as Date on both pg and PGlite; inserts may pass a Date or an ISO string.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type RoleValue = 'OWNER' | 'ADMIN' | 'USER';
export type UserStatusValue = 'PENDING' | 'ACTIVE';
export type RoomStatusValue = 'LIVE' | 'PAUSED' | 'INACTIVE';
export type AgentProviderValue = 'local' | 'elevenlabs';
export type ContentCategoryValue = 'read' | 'watch' | 'listen';
export type ContentTypeValue =
  'VIMEO' | 'VIDEO' | 'AUDIO' | 'PDF' | 'DOCUMENT' | 'LINK' | 'NEWS' | 'WORD';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  /** Always stored lower-cased (a CHECK constraint holds it). */
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  role: RoleValue;
  status: ColumnType<UserStatusValue, UserStatusValue | undefined, UserStatusValue>;
  /** argon2id, PHC string format. */
  password_hash: string;
  password_change_required: ColumnType<boolean, boolean | undefined, boolean>;
  requires_reset: ColumnType<boolean, boolean | undefined, boolean>;
  company_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_login_at: Timestamp | null;
  deactivated_at: Timestamp | null;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie token: a leaked table gives no usable sessions. */
  id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  ip: string | null;
  user_agent: string | null;
}

/**
 * One attempt counter per key: sign-in failures ('account:…', 'address:…', 'pair:…', 'device:…',
 * 'session:…') and reset-link attempts per address ('reset:…').
 */
export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  last_failure_at: Generated<Date>;
}

/** "Forgot password" requests (user_id null: an email no account has, kept for the limit). */
export interface PasswordResetRequestsTable {
  id: Generated<string>;
  user_id: number | null;
  ip: string | null;
  requested_at: Generated<Date>;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
}

/** Reset links mailed by "forgot password": the sha256 (hex) of the token, never the token. */
export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AgentsTable {
  id: Generated<number>;
  agent_id: string;
  name: string;
  provider: ColumnType<AgentProviderValue, AgentProviderValue | undefined, AgentProviderValue>;
  system_prompt: ColumnType<string, string | undefined, string>;
  first_message: ColumnType<string, string | undefined, string>;
  language: ColumnType<string, string | undefined, string>;
  voice: string | null;
  /** Override paths a client may change: 'first_message' | 'prompt' | 'language' | 'voice'. */
  allowed_overrides: JSONColumnType<string[], string | undefined, string>;
  /** pcm_8000…pcm_48000 or ulaw_8000: what the local runtime sends. */
  output_format: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** No rows for an agent: it may draw on every item the user may see. */
export interface AgentKnowledgeTable {
  agent_id: number;
  content_id: number;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  category: ColumnType<string, string | undefined, string>;
  status: ColumnType<RoomStatusValue, RoomStatusValue | undefined, RoomStatusValue>;
  description: string | null;
  background_color: string | null;
  badge_text: string | null;
  agent_id: number;
  company_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RoomMembersTable {
  room_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface ContentItemsTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  category: ContentCategoryValue;
  type: ContentTypeValue;
  url: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  file_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Whether the file's text is searchable; TextStatus in libs/contracts. */
  text_status: ColumnType<TextStatus, TextStatus | undefined, TextStatus>;
  text_status_reason: TextStatusReason | null;
  /** How long a video or audio file runs; null when not measured (Vimeo, unknown formats). */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Where a user left off in a video or audio item (one row per user and item). */
export interface PlaybackPositionsTable {
  user_id: number;
  content_id: number;
  position_seconds: number;
  updated_at: UpdatedAt;
}

export interface ContentPermissionsTable {
  content_id: number;
  user_id: number;
  can_access: boolean;
  updated_at: UpdatedAt;
}

export interface ContentAccessTable {
  id: Generated<string>;
  content_id: number;
  user_id: number | null;
  accessed_at: CreatedAt;
}

export interface ContentPassagesTable {
  id: Generated<string>;
  content_id: number;
  /** 1-based PDF page or section number. */
  page: number;
  text: string;
}

export interface ConversationsTable {
  id: string;
  /** The agent's text id (agents.agent_id), kept even if the agent is deleted. */
  agent_id: string;
  room_id: number | null;
  /** Snapshot so history survives the room's deletion. */
  room_name: string | null;
  user_id: number | null;
  started_at: CreatedAt;
  ended_at: Timestamp | null;
  duration_seconds: number | null;
  text_only: ColumnType<boolean, boolean | undefined, boolean>;
  /** 'user' | 'agent' | 'error' (as the client reports it) and the close code. */
  end_reason: string | null;
  close_code: number | null;
}

export interface StoredCitation {
  contentId: number;
  title: string;
  type: ContentTypeValue;
  page: number;
  url: string | null;
}

export interface ConversationMessagesTable {
  id: Generated<string>;
  conversation_id: string;
  event_id: number;
  role: 'user' | 'agent';
  source: 'text' | 'voice' | 'agent';
  text: string;
  citations: JSONColumnType<StoredCitation[], string | undefined, string>;
  feedback: 'like' | 'dislike' | null;
  created_at: CreatedAt;
}

export interface KnowledgeGapsTable {
  id: Generated<string>;
  question: string;
  agent_id: string;
  room_id: number | null;
  user_id: number | null;
  conversation_id: string | null;
  asked_at: CreatedAt;
  /** Set when the owner marks the question answered (analytics); a new ask starts unresolved. */
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface VoiceUrlTokensTable {
  token_hash: string;
  user_id: number;
  room_id: number;
  /** sessions.id of the session that asked for the URL (null: minted before URLs were bound to a session). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface ImpersonationTokensTable {
  jti: string;
  actor_id: number;
  target_id: number;
  /** sessions.id of the actor's session that asked for the token. */
  session_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  created_at: CreatedAt;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  agents: AgentsTable;
  agent_knowledge: AgentKnowledgeTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
  content_items: ContentItemsTable;
  playback_positions: PlaybackPositionsTable;
  content_permissions: ContentPermissionsTable;
  content_access: ContentAccessTable;
  content_passages: ContentPassagesTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  knowledge_gaps: KnowledgeGapsTable;
  voice_url_tokens: VoiceUrlTokensTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretsTable;
  impersonation_tokens: ImpersonationTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  password_reset_tokens: PasswordResetTokensTable;
}

/** Every application table, children first (for truncation in tests). */
export const TABLES: readonly (keyof Database)[] = [
  'password_reset_tokens',
  'password_reset_requests',
  'impersonation_tokens',
  'audit_log',
  'voice_url_tokens',
  'knowledge_gaps',
  'conversation_messages',
  'conversations',
  'agent_knowledge',
  'content_access',
  'playback_positions',
  'content_passages',
  'content_permissions',
  'content_items',
  'room_members',
  'rooms',
  'agents',
  'login_throttle',
  'sessions',
  'users',
  'companies',
];
