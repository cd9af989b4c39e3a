import type { User } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { generatePassword, hashPassword } from '../lib/passwords';
import { type Agent, ensureAgent } from '../agents/agents.repository';
import { insertAuditEntry } from '../audit/audit.repository';
import { countUsers, insertUser } from '../people/users.repository';

type Db = Kysely<Database>;

// Held while bootstrapping so two instances starting together create one owner, not two.
const BOOTSTRAP_LOCK = 727_274_001;

export const DEFAULT_AGENT = {
  agentId: 'field-advisor',
  name: 'Field Advisor',
  provider: 'local' as const,
  systemPrompt:
    'You are the Field Advisor, a practical assistant for construction crews. Answer from the ' +
    'Fieldcraft content library, cite what you used, and say so when you do not know. You give ' +
    'information, not professional advice.',
  firstMessage: "Hi, I'm your Field Advisor. What are you working on today?",
  language: 'en',
};

export interface OwnerBootstrap {
  user: User;
  /** The generated password, when OWNER_PASSWORD was not set; null otherwise. */
  generatedPassword: string | null;
}

function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? 'owner';
  const cleaned = local.replace(/[^a-z0-9._-]/g, '');
  return cleaned.length >= 3 ? cleaned : `${cleaned}owner`;
}

/**
 * On an empty users table, creates the one OWNER. Without a configured password a random one
 * is generated and the owner must change it at first sign-in. Returns null when users exist.
 */
export async function ensureOwner(
  db: Db,
  owner: { email: string; password: string | null },
): Promise<OwnerBootstrap | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if ((await countUsers(trx)) > 0) return null;
    const generatedPassword = owner.password === null ? generatePassword() : null;
    const user = await insertUser(trx, {
      email: owner.email,
      username: usernameFromEmail(owner.email),
      role: 'OWNER',
      status: 'ACTIVE',
      passwordHash: await hashPassword(owner.password ?? (generatedPassword as string)),
      passwordChangeRequired: generatedPassword !== null,
    });
    await insertAuditEntry(trx, {
      actorId: null,
      action: 'user.bootstrap_owner',
      targetType: 'user',
      targetId: user.id,
      details: { passwordGenerated: generatedPassword !== null },
    });
    return { user, generatedPassword };
  });
}

/** The local agent every install has, so an owner can create rooms on a fresh database. */
export function ensureDefaultAgent(db: Db): Promise<Agent> {
  return ensureAgent(db, DEFAULT_AGENT);
}
