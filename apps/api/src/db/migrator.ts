import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as createAccounts from './migrations/2026_11_22_100000_create_accounts';
import * as createRooms from './migrations/2026_11_22_100100_create_rooms';
import * as createContent from './migrations/2026_11_22_100200_create_content';
import * as createConversations from './migrations/2026_11_22_100300_create_conversations';
import * as createContentPassages from './migrations/2026_11_22_100400_create_content_passages';
import * as createVoiceRuntime from './migrations/2026_11_22_100500_create_voice_runtime';
import * as createImpersonation from './migrations/2026_11_22_100600_create_impersonation';
import * as addKnowledgeGapResolution from './migrations/2026_11_22_100900_add_knowledge_gap_resolution';
import * as addContentTextStatus from './migrations/2026_11_22_101700_add_content_text_status';
import * as addVoiceTokenSession from './migrations/2026_11_26_010000_add_voice_token_session';
import * as loginThrottleCounters from './migrations/2026_11_26_020000_login_throttle_counters';
import * as libraryMediaAndPositions from './migrations/2026_11_26_080000_library_media_and_positions';
import * as passwordResetRequests from './migrations/2026_11_26_100000_password_reset_requests';
import * as passwordResetTokens from './migrations/2026_11_26_120000_password_reset_tokens';

// The API is bundled into one file, so migrations are imported statically instead of being
// read from a folder (FileMigrationProvider). Add each new migration here, keyed by file name.
export const migrations: Record<string, Migration> = {
  '2026_11_22_100000_create_accounts': createAccounts,
  '2026_11_22_100100_create_rooms': createRooms,
  '2026_11_22_100200_create_content': createContent,
  '2026_11_22_100300_create_conversations': createConversations,
  '2026_11_22_100400_create_content_passages': createContentPassages,
  '2026_11_22_100500_create_voice_runtime': createVoiceRuntime,
  '2026_11_22_100600_create_impersonation': createImpersonation,
  '2026_11_22_100900_add_knowledge_gap_resolution': addKnowledgeGapResolution,
  '2026_11_22_101700_add_content_text_status': addContentTextStatus,
  '2026_11_26_010000_add_voice_token_session': addVoiceTokenSession,
  '2026_11_26_020000_login_throttle_counters': loginThrottleCounters,
  '2026_11_26_080000_library_media_and_positions': libraryMediaAndPositions,
  '2026_11_26_100000_password_reset_requests': passwordResetRequests,
  '2026_11_26_120000_password_reset_tokens': passwordResetTokens,
};

/** Brings the schema up to date; safe to run at every start and from several instances. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name the
  // current schema so databases sharing a server (e.g. one schema per test file) stay apart.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  return retryOnForeignSchemaDrop(schema, async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

/**
 * Kysely checks for its bookkeeping table by listing the tables of every schema on the server,
 * naming each table and column again (`has_schema_privilege`, `pg_get_serial_sequence`). When
 * another schema is dropped during that listing (other test files' schemas on a shared server,
 * another application's), PostgreSQL answers that the schema (3F000), one of its tables (42P01,
 * "schema.table") or one of their columns (42703) does not exist. Nothing of ours changed
 * (migrations run in one transaction), so try again. A missing schema or table of our own is a
 * real error and is not retried; a column is named without its schema, so that is retried up to
 * `attempts` times and then thrown as it came.
 */
export async function retryOnForeignSchemaDrop<T>(
  ownSchema: string,
  run: () => Promise<T>,
  attempts = 10,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
      const text = typeof message === 'string' ? message : '';
      const foreign =
        (code === '3F000' && !text.includes(`"${ownSchema}"`)) ||
        (code === '42P01' && !text.includes(`"${ownSchema}.`)) ||
        code === '42703';
      if (!foreign || attempt >= attempts) throw err;
      // A short, random pause, so the retry does not meet the next drop in lockstep.
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 50));
    }
  }
}
