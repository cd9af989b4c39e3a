// Over 300 lines: every query of the conversations tables (rows, turns, search, knowledge
// gaps) in one data module, so the runtime and the routes share one home for that SQL.
import type {
  ConversationDetail,
  ConversationMessage,
  ConversationSummary,
  KnowledgeGap,
  TranscriptHit,
} from '@fieldcraft/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, StoredCitation } from '../../db/schema';

type Db = Kysely<Database>;

// Storage of the voice runtime: signed-URL tokens, conversations and their transcripts.

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mints a single-use token for `userId` in `roomId`; only its sha256 is stored. `sessionId`:
 * the session that asked for it, whose end ends the conversation (and the unused token).
 */
export async function mintUrlToken(
  db: Db,
  userId: number,
  roomId: number,
  ttlMs: number,
  sessionId: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('voice_url_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      room_id: roomId,
      session_id: sessionId,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  // Expired tokens are useless; drop them while we are here.
  await db
    .deleteFrom('voice_url_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  return token;
}

/** Marks the token used and returns what it binds, or undefined (unknown, used or expired). */
export async function redeemUrlToken(
  db: Db,
  token: string,
): Promise<{ userId: number; roomId: number; sessionId: string | null } | undefined> {
  if (token.length > 200) return undefined;
  const row = await db
    .updateTable('voice_url_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'room_id', 'session_id'])
    .executeTakeFirst();
  return row && { userId: row.user_id, roomId: row.room_id, sessionId: row.session_id };
}

export interface RoomForVoice {
  id: number;
  name: string;
  status: 'LIVE' | 'PAUSED' | 'INACTIVE';
  agent: {
    id: number;
    agentId: string;
    name: string;
    provider: 'local' | 'elevenlabs';
    systemPrompt: string;
    firstMessage: string;
    language: string;
    voice: string | null;
    allowedOverrides: string[];
    outputFormat: string;
  };
}

export async function findRoomForVoice(db: Db, roomId: number): Promise<RoomForVoice | undefined> {
  const row = await db
    .selectFrom('rooms')
    .innerJoin('agents', 'agents.id', 'rooms.agent_id')
    .select([
      'rooms.id',
      'rooms.name',
      'rooms.status',
      'agents.id as agent_pk',
      'agents.agent_id',
      'agents.name as agent_name',
      'agents.provider',
      'agents.system_prompt',
      'agents.first_message',
      'agents.language',
      'agents.voice',
      'agents.allowed_overrides',
      'agents.output_format',
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    agent: {
      id: row.agent_pk,
      agentId: row.agent_id,
      name: row.agent_name,
      provider: row.provider,
      systemPrompt: row.system_prompt,
      firstMessage: row.first_message,
      language: row.language,
      voice: row.voice,
      allowedOverrides: row.allowed_overrides,
      outputFormat: row.output_format,
    },
  };
}

export async function isRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('room_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What an open conversation stands on: re-checked while it runs (voice/runtime/access-watch.ts). */
export interface VoiceAccessKey {
  userId: number;
  /** sessions.id the socket was opened with (cookie, or the session that minted its URL). */
  sessionId: string | null;
  roomId: number;
}

export interface VoiceAccessState {
  /** The user exists and is not deactivated. */
  userActive: boolean;
  /** The session still exists and has not expired (true when there is none to check). */
  sessionValid: boolean;
  /** The user must change their password before anything else. */
  mustChangePassword: boolean;
  role: 'OWNER' | 'ADMIN' | 'USER' | null;
  /** null: the room is gone. */
  roomStatus: 'LIVE' | 'PAUSED' | 'INACTIVE' | null;
  member: boolean;
}

/**
 * The access state of every key in ONE query (each instance runs it for all of its open
 * conversations), in the order of `keys`.
 */
export async function readVoiceAccess(
  db: Db,
  keys: readonly VoiceAccessKey[],
): Promise<VoiceAccessState[]> {
  if (keys.length === 0) return [];
  const values = sql.join(
    keys.map((k, i) => sql`(${i}::int, ${k.userId}::int, ${k.sessionId}::text, ${k.roomId}::int)`),
  );
  const { rows } = await sql<{
    k: number;
    user_active: boolean;
    session_valid: boolean;
    must_change: boolean | null;
    role: VoiceAccessState['role'];
    room_status: VoiceAccessState['roomStatus'];
    member: boolean;
  }>`
    with watched (k, user_id, session_id, room_id) as (values ${values})
    select
      w.k,
      (u.id is not null and u.deactivated_at is null) as user_active,
      (w.session_id is null or exists (
        select 1 from sessions s
        where s.id = w.session_id and s.expires_at > now()
      )) as session_valid,
      (u.password_change_required or u.requires_reset or u.status = 'PENDING') as must_change,
      u.role,
      r.status as room_status,
      exists (
        select 1 from room_members m where m.room_id = w.room_id and m.user_id = w.user_id
      ) as member
    from watched w
    left join users u on u.id = w.user_id
    left join rooms r on r.id = w.room_id
  `.execute(db);
  const byKey = new Map(rows.map((r) => [Number(r.k), r]));
  return keys.map((_, i) => {
    const r = byKey.get(i);
    return {
      userActive: r?.user_active === true,
      sessionValid: r?.session_valid === true,
      mustChangePassword: r?.must_change === true,
      role: r?.role ?? null,
      roomStatus: r?.room_status ?? null,
      member: r?.member === true,
    };
  });
}

export interface NewConversation {
  id: string;
  agentId: string;
  roomId: number;
  roomName: string;
  userId: number;
  startedAt: Date;
  textOnly: boolean;
}

export async function insertConversation(db: Db, c: NewConversation): Promise<void> {
  await db
    .insertInto('conversations')
    .values({
      id: c.id,
      agent_id: c.agentId,
      room_id: c.roomId,
      room_name: c.roomName,
      user_id: c.userId,
      started_at: c.startedAt,
      text_only: c.textOnly,
    })
    .execute();
}

export async function endConversation(
  db: Db,
  id: string,
  end: { endedAt: Date; durationSeconds: number; endReason: string; closeCode: number },
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({
      ended_at: end.endedAt,
      duration_seconds: end.durationSeconds,
      end_reason: end.endReason,
      close_code: end.closeCode,
    })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function insertMessage(
  db: Db,
  m: {
    conversationId: string;
    eventId: number;
    role: 'user' | 'agent';
    source: 'text' | 'voice' | 'agent';
    text: string;
    citations?: StoredCitation[];
  },
): Promise<void> {
  await db
    .insertInto('conversation_messages')
    .values({
      conversation_id: m.conversationId,
      event_id: m.eventId,
      role: m.role,
      source: m.source,
      text: m.text,
      citations: JSON.stringify(m.citations ?? []),
    })
    .execute();
}

/** Feedback on an agent turn; returns whether such a turn exists. */
export async function setFeedback(
  db: Db,
  conversationId: string,
  eventId: number,
  score: 'like' | 'dislike' | null,
): Promise<boolean> {
  const result = await db
    .updateTable('conversation_messages')
    .set({ feedback: score })
    .where('conversation_id', '=', conversationId)
    .where('event_id', '=', eventId)
    .where('role', '=', 'agent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- reading back ---------------------------------------------------------------------------

const PREVIEW_LENGTH = 80;

function summaries(db: Db) {
  return db.selectFrom('conversations').select((eb) => [
    'conversations.id',
    'conversations.room_id',
    'conversations.room_name',
    'conversations.agent_id',
    'conversations.user_id',
    'conversations.started_at',
    'conversations.ended_at',
    'conversations.duration_seconds',
    eb
      .selectFrom('conversation_messages')
      .select((e) => e.fn.countAll<string | number>().as('n'))
      .whereRef('conversation_messages.conversation_id', '=', 'conversations.id')
      .as('message_count'),
    eb
      .selectFrom('conversation_messages')
      .select('conversation_messages.text')
      .whereRef('conversation_messages.conversation_id', '=', 'conversations.id')
      .where('conversation_messages.role', '=', 'user')
      .orderBy('conversation_messages.event_id')
      .limit(1)
      .as('first_user_text'),
  ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

function toSummary(row: SummaryRow): ConversationSummary {
  const first = row.first_user_text;
  return {
    id: row.id,
    roomId: row.room_id,
    roomName: row.room_name,
    agentId: row.agent_id,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    durationSeconds: row.duration_seconds,
    messageCount: Number(row.message_count ?? 0),
    preview:
      first == null
        ? null
        : first.length > PREVIEW_LENGTH
          ? `${first.slice(0, PREVIEW_LENGTH - 1)}…`
          : first,
  };
}

/** The user's own conversations in one room, newest first. */
export async function listOwnConversations(
  db: Db,
  userId: number,
  roomId: number,
): Promise<ConversationSummary[]> {
  const rows = await summaries(db)
    .where('conversations.user_id', '=', userId)
    .where('conversations.room_id', '=', roomId)
    .orderBy('conversations.started_at', 'desc')
    .orderBy('conversations.id')
    .limit(200)
    .execute();
  return rows.map(toSummary);
}

export async function findConversation(
  db: Db,
  id: string,
): Promise<ConversationDetail | undefined> {
  const row = await summaries(db).where('conversations.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const messages = await db
    .selectFrom('conversation_messages')
    .select(['event_id', 'role', 'source', 'text', 'citations', 'feedback', 'created_at'])
    .where('conversation_id', '=', id)
    .orderBy('event_id')
    .orderBy('id')
    .execute();
  return {
    ...toSummary(row),
    userId: row.user_id,
    messages: messages.map((m): ConversationMessage => ({
      eventId: m.event_id,
      role: m.role,
      source: m.source,
      text: m.text,
      citations: m.citations,
      feedback: m.feedback,
      createdAt: m.created_at.toISOString(),
    })),
  };
}

/** Full-text search over every transcript (the tsv column), best match first. */
export async function searchTranscripts(
  db: Db,
  q: string,
  limit: number,
): Promise<TranscriptHit[]> {
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const rows = await db
    .selectFrom('conversation_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'm.conversation_id',
      'c.room_name',
      'c.agent_id',
      'c.user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'm.event_id',
      'm.role',
      'm.text',
      'm.created_at',
    ])
    .where(sql<boolean>`m.tsv @@ ${query}`)
    .orderBy(sql`ts_rank(m.tsv, ${query})`, 'desc')
    .orderBy('m.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const full = [r.first_name, r.last_name].filter(Boolean).join(' ');
    return {
      conversationId: r.conversation_id,
      roomName: r.room_name,
      agentId: r.agent_id,
      userId: r.user_id,
      userName: full || r.username || null,
      eventId: r.event_id,
      role: r.role,
      text: r.text,
      createdAt: r.created_at.toISOString(),
    };
  });
}

export async function listKnowledgeGaps(db: Db, limit = 500): Promise<KnowledgeGap[]> {
  const rows = await db
    .selectFrom('knowledge_gaps as g')
    .leftJoin('rooms as r', 'r.id', 'g.room_id')
    .select([
      'g.id',
      'g.question',
      'g.agent_id',
      'g.room_id',
      'r.name as room_name',
      'g.user_id',
      'g.asked_at',
    ])
    .orderBy('g.asked_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    question: r.question,
    agentId: r.agent_id,
    roomId: r.room_id,
    roomName: r.room_name,
    userId: r.user_id,
    askedAt: r.asked_at.toISOString(),
  }));
}
