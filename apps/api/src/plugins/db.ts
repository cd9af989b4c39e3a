import fp from 'fastify-plugin';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { AppConfig } from './config';
import { migrateToLatest } from '../db/migrator';
import { pgliteDialect } from '../db/pglite-dialect';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export type Db = Kysely<Database>;

/** Opens the configured database: PostgreSQL when `databaseUrl` is set, PGlite otherwise. */
export async function openDatabase(
  config: AppConfig,
  onPoolError?: (err: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // While the server is down or restarting, fail fast (→ 503) instead of queueing forever.
      connectionTimeoutMillis: 5000,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', (err) => onPoolError?.(err));
    // A client checked out between two queries (inside a transaction) when the server goes away
    // emits 'error' with no listener of the pool's: without this, an uncaught exception that
    // ends the process. The query that was waiting fails on its own (→ 503).
    pool.on('connect', (client) => client.on('error', (err) => onPoolError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (config.databaseSchema) {
      await sql`create schema if not exists ${sql.id(config.databaseSchema)}`.execute(db);
    }
    return db;
  }
  // Loaded on demand: PostgreSQL deployments never load the WebAssembly build.
  const { PGlite } = await import('@electric-sql/pglite');
  if (!config.pgliteDir.startsWith('memory://')) mkdirSync(config.pgliteDir, { recursive: true });
  const client = await PGlite.create(config.pgliteDir);
  return new Kysely<Database>({ dialect: pgliteDialect(client) });
}

/** Decorates `app.db`, runs migrations before the server listens, and closes it on close. */
export const dbPlugin = fp(
  async (app) => {
    const { config } = app;
    const db = await openDatabase(config, (err) => app.log.error({ err }, 'database pool error'));
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    const applied = await migrateToLatest(db as Kysely<unknown>);
    app.log.info(
      { applied, database: config.databaseUrl ? 'postgresql' : 'pglite' },
      applied.length ? 'database migrated' : 'database schema up to date',
    );
  },
  { name: 'db', dependencies: ['config'] },
);
