// The conversations and their transcripts: written by the runtime while a conversation runs,
// read back by the routes (a user's own list, one transcript, search, knowledge gaps).
import type {
  ConversationDetail,
  ConversationMessage,
  ConversationSummary,
  KnowledgeGap,
  TranscriptHit,
} from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database, StoredCitation } from '../../db/schema';

type Db = Kysely<Database>;

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
