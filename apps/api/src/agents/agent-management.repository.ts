import type { AgentDetail, AgentOverview, AgentRoom } from '@fieldcraft/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AgentsTable, Database } from '../db/schema';
import { type Agent, toAgent } from './agents.repository';

type Db = Kysely<Database>;

/** What an owner may set on an agent: the stored agent's own fields and its audio options. */
export type AgentFields = Omit<Agent, 'id' | 'agentId'> & {
  outputFormat: string;
  allowedOverrides: string[];
};

function toDetail(
  row: Selectable<AgentsTable>,
  knowledge: number[],
  roomCount: number,
): AgentDetail {
  return {
    ...toAgent(row),
    outputFormat: row.output_format,
    allowedOverrides: row.allowed_overrides as AgentDetail['allowedOverrides'],
    knowledgeContentIds: knowledge,
    roomCount,
  };
}

export async function listAgentDetails(db: Db, id?: number): Promise<AgentDetail[]> {
  let query = db.selectFrom('agents').selectAll();
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('name').orderBy('id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const knowledge = await db
    .selectFrom('agent_knowledge')
    .select(['agent_id', 'content_id'])
    .where('agent_id', 'in', ids)
    .orderBy('content_id')
    .execute();
  const rooms = await db
    .selectFrom('rooms')
    .select((eb) => ['agent_id', eb.fn.countAll<string | number>().as('n')])
    .where('agent_id', 'in', ids)
    .groupBy('agent_id')
    .execute();
  return rows.map((row) =>
    toDetail(
      row,
      knowledge.filter((k) => k.agent_id === row.id).map((k) => k.content_id),
      Number(rooms.find((r) => r.agent_id === row.id)?.n ?? 0),
    ),
  );
}

export async function findAgentDetail(db: Db, id: number): Promise<AgentDetail | undefined> {
  return (await listAgentDetails(db, id))[0];
}

export async function agentIdTaken(db: Db, agentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agents')
    .select('id')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Content ids among `ids` that do not exist. */
export async function missingContent(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('content_items').select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function insertAgent(db: Db, agentId: string, f: AgentFields): Promise<number> {
  const row = await db
    .insertInto('agents')
    .values({
      agent_id: agentId,
      name: f.name,
      provider: f.provider,
      system_prompt: f.systemPrompt,
      first_message: f.firstMessage,
      language: f.language,
      voice: f.voice,
      output_format: f.outputFormat,
      allowed_overrides: JSON.stringify(f.allowedOverrides),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAgent(db: Db, id: number, f: Partial<AgentFields>): Promise<void> {
  const set: Record<string, unknown> = {};
  if (f.name !== undefined) set.name = f.name;
  if (f.provider !== undefined) set.provider = f.provider;
  if (f.systemPrompt !== undefined) set.system_prompt = f.systemPrompt;
  if (f.firstMessage !== undefined) set.first_message = f.firstMessage;
  if (f.language !== undefined) set.language = f.language;
  if (f.voice !== undefined) set.voice = f.voice;
  if (f.outputFormat !== undefined) set.output_format = f.outputFormat;
  if (f.allowedOverrides !== undefined) set.allowed_overrides = JSON.stringify(f.allowedOverrides);
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('agents')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setAgentKnowledge(db: Db, id: number, contentIds: number[]): Promise<void> {
  await db.deleteFrom('agent_knowledge').where('agent_id', '=', id).execute();
  const unique = [...new Set(contentIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('agent_knowledge')
    .values(unique.map((content_id) => ({ agent_id: id, content_id })))
    .execute();
}

export async function deleteAgent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('agents').where('id', '=', id).execute();
}

/** The rooms that use the agent `id` (agents.id), by name. */
export async function agentRooms(db: Db, id: number): Promise<AgentRoom[]> {
  const rows = await db
    .selectFrom('rooms')
    .select(['id', 'name', 'status'])
    .where('agent_id', '=', id)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status }));
}

/**
 * Every agent with the rooms that use it, when its settings last changed and when it was last
 * redeployed (the newest `agent.redeploy` audit row: the audit log is the record of it).
 */
export async function listAgentOverviews(db: Db): Promise<AgentOverview[]> {
  const details = await listAgentDetails(db);
  if (details.length === 0) return [];
  const ids = details.map((d) => d.id);
  const [rooms, stamps, redeploys] = await Promise.all([
    db
      .selectFrom('rooms')
      .select(['id', 'name', 'status', 'agent_id'])
      .where('agent_id', 'in', ids)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db.selectFrom('agents').select(['id', 'updated_at']).where('id', 'in', ids).execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => ['target_id', eb.fn.max('created_at').as('at')])
      .where('action', '=', 'agent.redeploy')
      .where('target_type', '=', 'agent')
      .where(
        'target_id',
        'in',
        ids.map((id) => String(id)),
      )
      .groupBy('target_id')
      .execute(),
  ]);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return details.map((d) => {
    const stamp = stamps.find((s) => s.id === d.id);
    const redeploy = redeploys.find((r) => r.target_id === String(d.id));
    return {
      ...d,
      rooms: rooms
        .filter((r) => r.agent_id === d.id)
        .map((r) => ({ id: r.id, name: r.name, status: r.status })),
      updatedAt: stamp ? iso(stamp.updated_at) : new Date(0).toISOString(),
      redeployedAt: redeploy?.at ? iso(redeploy.at as Date | string) : null,
    };
  });
}
