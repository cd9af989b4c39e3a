// Over 300 lines on purpose: the three reports (usage, engagement, knowledge gaps) share one
// window, day-filling and counting helpers, and must count the same rows the same way.
import type {
  AgentUsage,
  AnalyticsPeriod,
  AnalyticsWindow,
  EngagementReport,
  KnowledgeGapGroup,
  KnowledgeGapReport,
  KnowledgeGapStatus,
  RoomUsage,
  UsageFigures,
  VoiceUsageReport,
} from '@fieldcraft/contracts';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../plugins/db';

// SQL only: every figure of the Analytics screens is aggregated by the database (PGlite and
// PostgreSQL run the same statements). Counts are cast to int so both drivers return numbers.

const DAY_MS = 86_400_000;

/** A period as instants: the start of the first UTC day of the last `days` days, until `now`. */
export interface Window {
  days: AnalyticsPeriod;
  from: Date;
  to: Date;
}

export function windowOf(days: AnalyticsPeriod, now = new Date()): Window {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days, from: new Date(today - (days - 1) * DAY_MS), to: now };
}

function windowJson(w: Window): AnalyticsWindow {
  return { days: w.days, from: w.from.toISOString(), to: w.to.toISOString() };
}

/** Every day of the window (YYYY-MM-DD, UTC), oldest first. */
function daysOf(w: Window): string[] {
  return Array.from({ length: w.days }, (_, i) =>
    new Date(w.from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
}

/** One value per day of the window, 0 for days the database returned nothing for. */
function fillDays<T extends { date: string }>(
  w: Window,
  rows: T[],
  empty: (date: string) => T,
): T[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return daysOf(w).map((date) => byDate.get(date) ?? empty(date));
}

const utcDay = (column: Expression<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const int = (expression: RawBuilder<unknown>) => sql<number>`(${expression})::int`;

const toIso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

// ---------------------------------------------------------------------------------------------
// Voice usage

const usageFigures = {
  conversations: int(sql`count(*)`),
  seconds: int(sql`coalesce(sum(c.duration_seconds), 0)`),
  distinctUsers: int(sql`count(distinct c.user_id)`),
  averageSeconds: int(sql`coalesce(round(avg(c.duration_seconds)), 0)`),
};

function figures(row: UsageFigures): UsageFigures {
  return {
    conversations: row.conversations,
    seconds: row.seconds,
    distinctUsers: row.distinctUsers,
    averageSeconds: row.averageSeconds,
  };
}

function conversationsIn(db: Db, w: Window) {
  return db
    .selectFrom('conversations as c')
    .where('c.started_at', '>=', w.from)
    .where('c.started_at', '<=', w.to);
}

export async function voiceUsage(db: Db, w: Window): Promise<VoiceUsageReport> {
  const totals = await conversationsIn(db, w)
    .select([
      usageFigures.conversations.as('conversations'),
      usageFigures.seconds.as('seconds'),
      usageFigures.distinctUsers.as('distinctUsers'),
      usageFigures.averageSeconds.as('averageSeconds'),
    ])
    .executeTakeFirstOrThrow();

  const agents = await conversationsIn(db, w)
    .leftJoin('agents as a', 'a.agent_id', 'c.agent_id')
    .select([
      'c.agent_id as agentId',
      sql<string | null>`max(a.name)`.as('agentName'),
      usageFigures.conversations.as('conversations'),
      usageFigures.seconds.as('seconds'),
      usageFigures.distinctUsers.as('distinctUsers'),
      usageFigures.averageSeconds.as('averageSeconds'),
    ])
    .groupBy('c.agent_id')
    .orderBy('conversations', 'desc')
    .orderBy('c.agent_id')
    .execute();

  // A deleted room keeps its conversations under the name they were held in (room_id null).
  const deletedRoomName = sql`case when c.room_id is null then c.room_name end`;
  const rooms = await conversationsIn(db, w)
    .leftJoin('rooms as r', 'r.id', 'c.room_id')
    .select([
      'c.room_id as roomId',
      sql<string | null>`coalesce(max(r.name), max(c.room_name))`.as('roomName'),
      usageFigures.conversations.as('conversations'),
      usageFigures.seconds.as('seconds'),
      usageFigures.distinctUsers.as('distinctUsers'),
      usageFigures.averageSeconds.as('averageSeconds'),
    ])
    .groupBy(['c.room_id', deletedRoomName])
    .orderBy('conversations', 'desc')
    .orderBy('roomName')
    .execute();

  const day = utcDay(sql.ref('c.started_at'));
  const daily = await conversationsIn(db, w)
    .select([
      day.as('date'),
      usageFigures.conversations.as('conversations'),
      usageFigures.seconds.as('seconds'),
    ])
    .groupBy(day)
    .execute();

  return {
    window: windowJson(w),
    totals: figures(totals),
    byAgent: agents.map((r): AgentUsage => ({
      agentId: r.agentId,
      agentName: r.agentName,
      ...figures(r),
    })),
    byRoom: rooms.map((r): RoomUsage => ({
      roomId: r.roomId,
      roomName: r.roomName,
      ...figures(r),
    })),
    daily: fillDays(w, daily, (date) => ({ date, conversations: 0, seconds: 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Content engagement

/** Rows per list at most (most active first); the totals always count everything. */
const ROW_LIMIT = 1000;

export async function contentEngagement(db: Db, w: Window): Promise<EngagementReport> {
  const inWindow = sql<boolean>`a.accessed_at >= ${w.from} and a.accessed_at <= ${w.to}`;

  const totals = await db
    .selectFrom('content_access as a')
    .where(inWindow)
    .select([
      int(sql`count(*)`).as('opens'),
      int(sql`count(distinct a.user_id)`).as('distinctUsers'),
      int(sql`count(distinct a.content_id)`).as('itemsOpened'),
    ])
    .executeTakeFirstOrThrow();

  const items = await db
    .selectFrom('content_items as i')
    .leftJoin('content_access as a', (join) => join.onRef('a.content_id', '=', 'i.id').on(inWindow))
    .select([
      'i.id',
      'i.title',
      'i.type',
      'i.is_active',
      int(sql`count(a.id)`).as('opens'),
      int(sql`count(distinct a.user_id)`).as('distinctUsers'),
      sql<Date | null>`max(a.accessed_at)`.as('lastOpenedAt'),
    ])
    .groupBy('i.id')
    .orderBy('opens', 'desc')
    .orderBy(sql`max(a.accessed_at) desc nulls last`)
    .orderBy('i.title')
    .limit(ROW_LIMIT)
    .execute();

  const users = await db
    .selectFrom('users as u')
    .leftJoin('content_access as a', (join) => join.onRef('a.user_id', '=', 'u.id').on(inWindow))
    .select([
      'u.id',
      'u.email',
      'u.username',
      'u.first_name',
      'u.last_name',
      int(sql`count(a.id)`).as('opens'),
      int(sql`count(distinct a.content_id)`).as('itemsOpened'),
      sql<Date | null>`max(a.accessed_at)`.as('lastActiveAt'),
    ])
    .groupBy('u.id')
    .having(sql<boolean>`u.deactivated_at is null or count(a.id) > 0`)
    .orderBy('opens', 'desc')
    .orderBy(sql`max(a.accessed_at) desc nulls last`)
    .orderBy('u.email')
    .limit(ROW_LIMIT)
    .execute();

  const day = utcDay(sql.ref('a.accessed_at'));
  const daily = await db
    .selectFrom('content_access as a')
    .where(inWindow)
    .select([day.as('date'), int(sql`count(*)`).as('opens')])
    .groupBy(day)
    .execute();

  return {
    window: windowJson(w),
    totals,
    items: items.map((r) => ({
      contentId: r.id,
      title: r.title,
      type: r.type,
      isActive: r.is_active,
      opens: r.opens,
      distinctUsers: r.distinctUsers,
      lastOpenedAt: toIso(r.lastOpenedAt),
    })),
    users: users.map((r) => ({
      userId: r.id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username,
      email: r.email,
      opens: r.opens,
      itemsOpened: r.itemsOpened,
      lastActiveAt: toIso(r.lastActiveAt),
    })),
    daily: fillDays(w, daily, (date) => ({ date, opens: 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Knowledge gaps

/**
 * The question as a group key: lower case, runs of white space as one space, no trailing
 * ?, ! or full stop. The migration indexes exactly this expression; keep the two identical.
 */
export const questionKey = (question: Expression<string>) =>
  sql<string>`rtrim(regexp_replace(lower(btrim(${question})), '\\s+', ' ', 'g'), '?!. ')`;

const GAP_GROUP_LIMIT = 500;

export async function knowledgeGaps(
  db: Db,
  w: Window,
  status: KnowledgeGapStatus,
): Promise<KnowledgeGapReport> {
  const key = questionKey(sql.ref('g.question'));
  const gapsIn = () =>
    db
      .selectFrom('knowledge_gaps as g')
      .where('g.asked_at', '>=', w.from)
      .where('g.asked_at', '<=', w.to);

  const totals = await gapsIn()
    .select([
      int(sql`count(*)`).as('asked'),
      int(sql`count(distinct ${key})`).as('distinctQuestions'),
      int(sql`count(distinct ${key}) filter (where g.resolved_at is null)`).as('openQuestions'),
    ])
    .executeTakeFirstOrThrow();

  const open = sql<boolean>`bool_or(g.resolved_at is null)`;
  let groups = gapsIn()
    .leftJoin('rooms as r', 'r.id', 'g.room_id')
    .leftJoin('agents as a', 'a.agent_id', 'g.agent_id')
    .select([
      key.as('key'),
      sql<string>`(array_agg(g.question order by g.asked_at desc, g.id desc))[1]`.as('question'),
      int(sql`count(*)`).as('timesAsked'),
      int(sql`count(distinct g.user_id)`).as('distinctUsers'),
      sql<string[]>`array_agg(distinct g.agent_id)`.as('agentIds'),
      // "id<US>name" pairs: sorted by id, so the names line up with agentIds.
      sql<string[]>`array_agg(distinct g.agent_id || chr(31) || coalesce(a.name, g.agent_id))`.as(
        'agentNames',
      ),
      sql<string[]>`array_remove(array_agg(distinct r.name), null)`.as('rooms'),
      sql<Date>`min(g.asked_at)`.as('firstAskedAt'),
      sql<Date>`max(g.asked_at)`.as('lastAskedAt'),
      sql<Date | null>`case when ${open} then null else max(g.resolved_at) end`.as('resolvedAt'),
    ])
    .groupBy(key)
    .orderBy('timesAsked', 'desc')
    .orderBy(sql`max(g.asked_at) desc`)
    .orderBy('key')
    .limit(GAP_GROUP_LIMIT);
  if (status === 'open') groups = groups.having(open);
  if (status === 'resolved') groups = groups.having(sql<boolean>`not ${open}`);
  const rows = await groups.execute();

  const day = utcDay(sql.ref('g.asked_at'));
  const daily = await gapsIn()
    .select([day.as('date'), int(sql`count(*)`).as('asked')])
    .groupBy(day)
    .execute();

  return {
    window: windowJson(w),
    totals,
    questions: rows.map((r): KnowledgeGapGroup => ({
      key: r.key,
      question: r.question,
      timesAsked: r.timesAsked,
      distinctUsers: r.distinctUsers,
      agentIds: [...r.agentIds].sort(),
      agentNames: [...r.agentNames]
        .map((pair) => pair.split('\u001f'))
        .sort((x, y) => ((x[0] ?? '') < (y[0] ?? '') ? -1 : 1))
        .map((pair) => pair[1] ?? ''),
      rooms: [...r.rooms].sort(),
      firstAskedAt: new Date(r.firstAskedAt).toISOString(),
      lastAskedAt: new Date(r.lastAskedAt).toISOString(),
      resolvedAt: toIso(r.resolvedAt),
    })),
    daily: fillDays(w, daily, (date) => ({ date, asked: 0 })),
  };
}

/** How many asks have this key (any time); 0 means there is no such question. */
export async function countGapAsks(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('knowledge_gaps as g')
    .where(sql<boolean>`${questionKey(sql.ref('g.question'))} = ${questionKey(sql.val(key))}`)
    .select(int(sql`count(*)`).as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Marks every ask of the question resolved (or open again); returns how many changed. */
export async function setGapResolution(
  db: Db,
  key: string,
  resolved: boolean,
  actorId: number,
): Promise<number> {
  const result = await db
    .updateTable('knowledge_gaps as g')
    .set(
      resolved
        ? { resolved_at: sql`now()`, resolved_by: actorId }
        : { resolved_at: null, resolved_by: null },
    )
    .where(sql<boolean>`${questionKey(sql.ref('g.question'))} = ${questionKey(sql.val(key))}`)
    .where('g.resolved_at', resolved ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The normalised form of a question, as the database computes it. */
export async function normaliseQuestion(db: Db, question: string): Promise<string> {
  const { rows } = await sql<{
    key: string;
  }>`select ${questionKey(sql.val(question))} as key`.execute(db);
  return rows[0]?.key ?? question;
}
