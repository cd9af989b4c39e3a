import type { Kysely, Selectable } from 'kysely';
import type { AgentsTable, Database } from '../db/schema';

type Db = Kysely<Database>;

export interface Agent {
  id: number;
  agentId: string;
  name: string;
  provider: 'local' | 'elevenlabs';
  systemPrompt: string;
  firstMessage: string;
  language: string;
  voice: string | null;
}

export function toAgent(row: Selectable<AgentsTable>): Agent {
  return {
    id: row.id,
    agentId: row.agent_id,
    name: row.name,
    provider: row.provider,
    systemPrompt: row.system_prompt,
    firstMessage: row.first_message,
    language: row.language,
    voice: row.voice,
  };
}

export async function findAgentByAgentId(db: Db, agentId: string): Promise<Agent | undefined> {
  const row = await db
    .selectFrom('agents')
    .selectAll()
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row && toAgent(row);
}

export type NewAgent = Omit<Agent, 'id' | 'voice'> & { voice?: string | null };

/** Inserts the agent unless one with the same agentId exists; returns the stored agent. */
export async function ensureAgent(db: Db, agent: NewAgent): Promise<Agent> {
  await db
    .insertInto('agents')
    .values({
      agent_id: agent.agentId,
      name: agent.name,
      provider: agent.provider,
      system_prompt: agent.systemPrompt,
      first_message: agent.firstMessage,
      language: agent.language,
      voice: agent.voice ?? null,
    })
    .onConflict((oc) => oc.column('agent_id').doNothing())
    .execute();
  const stored = await findAgentByAgentId(db, agent.agentId);
  if (!stored) throw new Error(`agent ${agent.agentId} vanished after insert`);
  return stored;
}

/** Every agent, by name (the owner's room form and the voice agent list). */
export async function listAgents(db: Db): Promise<Agent[]> {
  const rows = await db.selectFrom('agents').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toAgent);
}
