import type { DashboardConversation, LoginStats } from '@fieldcraft/contracts';
import type { Db } from '../plugins/db';

/** The caller's sign-ins, from the audit log (sessions are deleted at sign-out). */
export async function loginStats(db: Db, userId: number): Promise<LoginStats> {
  const count = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('actor_id', '=', userId)
    .where('action', '=', 'auth.login')
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('last_login_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    loginCount: Number(count.n),
    lastLoginAt: user?.last_login_at ? new Date(user.last_login_at).toISOString() : null,
  };
}

/** The sign-in before the current one: "new since your last visit" counts from there. */
export async function previousLoginAt(db: Db, userId: number): Promise<Date | null> {
  const rows = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('actor_id', '=', userId)
    .where('action', '=', 'auth.login')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const previous = rows[1]?.created_at;
  return previous ? new Date(previous) : null;
}

export async function recentConversations(
  db: Db,
  userId: number,
  limit = 5,
): Promise<DashboardConversation[]> {
  const rows = await db
    .selectFrom('conversations as c')
    .leftJoin('agents as a', 'a.agent_id', 'c.agent_id')
    .select([
      'c.id',
      'c.room_id',
      'c.room_name',
      'a.name as agent_name',
      'c.started_at',
      'c.ended_at',
      'c.duration_seconds',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    roomName: r.room_name,
    agentName: r.agent_name,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
    durationSeconds: r.duration_seconds,
  }));
}
