import { type Kysely, sql } from 'kysely';

// Sign-in limits counted atomically. One counter row per key
// (an account, an address, an address+account pair, a trusted device, a session), locked
// while a sign-in checks and charges it, so concurrent attempts cannot all slip under a
// limit. Replaces login_attempts (one row per failure, counted then inserted separately).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_throttle_last_failure_at_idx')
    .on('login_throttle')
    .column('last_failure_at')
    .execute();
  await db.schema.dropTable('login_attempts').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttle').ifExists().execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_email_idx')
    .on('login_attempts')
    .columns(['email', 'attempted_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_idx')
    .on('login_attempts')
    .columns(['ip', 'attempted_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_attempted_at_idx')
    .on('login_attempts')
    .column('attempted_at')
    .execute();
}
