import type { VoiceAgentUsage } from '@fieldcraft/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

// The usage answer lists the latest conversations; the totals cover all of them.
const USAGE_LIST_LIMIT = 100;

/** Conversations with one agent; `userId` limits them to that user's own. */
export async function agentUsage(
  db: Db,
  agentId: string,
  userId?: number,
): Promise<VoiceAgentUsage> {
  let base = db.selectFrom('conversations').where('agent_id', '=', agentId);
  if (userId !== undefined) base = base.where('user_id', '=', userId);
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn
        .coalesce(eb.fn.sum<string | number | null>('duration_seconds'), eb.lit(0))
        .as('duration'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'room_id', 'room_name', 'started_at', 'ended_at', 'duration_seconds'])
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(USAGE_LIST_LIMIT)
    .execute();
  return {
    total_conversations: Number(totals.count),
    total_duration_seconds: Number(totals.duration),
    conversations: rows.map((row) => ({
      conversation_id: row.id,
      room_id: row.room_id,
      room_name: row.room_name,
      started_at: row.started_at.toISOString(),
      ended_at: row.ended_at ? row.ended_at.toISOString() : null,
      duration_seconds: row.duration_seconds,
    })),
  };
}

/**
 * The agents a non-owner may list: the shared default agent, the agents of the rooms they are
 * a member of, and (with a company) the agents of that company's rooms. By name, like
 * listAgents. Agents have no company of their own: rooms give them one.
 */
export async function listVisibleAgents(
  db: Db,
  viewer: { id: number; companyId: number | null },
  sharedAgentId: string,
): Promise<{ agentId: string; name: string }[]> {
  const rows = await db
    .selectFrom('agents')
    .select(['agents.agent_id', 'agents.name'])
    .where((eb) =>
      eb.or([
        eb('agents.agent_id', '=', sharedAgentId),
        eb.exists(
          eb
            .selectFrom('rooms')
            .select('rooms.id')
            .whereRef('rooms.agent_id', '=', 'agents.id')
            .where((r) =>
              r.or([
                r.exists(
                  r
                    .selectFrom('room_members')
                    .select('room_members.room_id')
                    .whereRef('room_members.room_id', '=', 'rooms.id')
                    .where('room_members.user_id', '=', viewer.id),
                ),
                ...(viewer.companyId === null
                  ? []
                  : [r('rooms.company_id', '=', viewer.companyId)]),
              ]),
            ),
        ),
      ]),
    )
    .orderBy('agents.name')
    .orderBy('agents.id')
    .execute();
  return rows.map((r) => ({ agentId: r.agent_id, name: r.name }));
}
