// Over 300 lines on purpose: the whole test harness (both databases, per-file apps, table
// resets, users and sign-in helpers) that every API suite builds on.
import type { Role, User, UserStatus } from '@fieldcraft/contracts';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { type App, buildApp } from '../app';
import { TABLES } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { AppConfig } from '../plugins/config';
import type { Db } from '../plugins/db';
import { SESSION_COOKIE } from '../plugins/session';
import { insertUser } from '../people/users.repository';
import { MIGRATED_PGLITE } from './pglite-template.setup';
import { startS3Server } from './s3-server';
import { testDir } from './temp-dirs';

/**
 * Test databases. Suites whose outcome depends on the database run against PGlite (in memory,
 * always) and against the PostgreSQL at TEST_DATABASE_URL when it answers: describeEachDatabase.
 * Suites that check the HTTP shape around data other suites already cover on both run on PGlite
 * only: describeOnPglite. The rule is in docs/testing.md. Unreachable PostgreSQL is a warning
 * and a skipped variant, unless REQUIRE_POSTGRES=1 (CI), where it fails the run.
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type DatabaseKind = 'pglite' | 'postgres';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgresProblem = await probePostgres();
if (postgresProblem) {
  const message = `PostgreSQL at ${TEST_DATABASE_URL} is not reachable (${postgresProblem})`;
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${message}; REQUIRE_POSTGRES=1`);
  console.warn(`WARNING: ${message}; skipping the PostgreSQL variant of these tests.`);
}

/** Whether the PostgreSQL variants run in this process. */
export const postgresAvailable = postgresProblem === null;

/** A complete configuration for tests: in-memory PGlite (migrated), silent logs, no web app. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    databaseSchema: null,
    // In memory, from the migrated template (pglite-template.setup.ts).
    pgliteDir: MIGRATED_PGLITE,
    // One throw-away uploads folder per app, removed when the test file ends (temp-dirs.ts).
    uploadsDir: testDir('fc-uploads-'),
    storage: { kind: 'local' },
    ownerEmail: 'owner@fieldcraft.local',
    ownerPassword: 'bootstrap-owner-1',
    seedDemo: false,
    demoMedia: false,
    webDistDir: null,
    webSsrDir: null,
    logLevel: 'silent',
    metricsToken: null,
    cookieSecure: 'auto',
    trustProxy: false,
    sessionTtlHours: 168,
    trustedOrigins: [],
    loginRateLimit: {
      maxFailuresPerAccount: 5,
      maxFailuresPerDevice: 5,
      maxFailuresPerAddressAndAccount: 10,
      maxFailuresPerAddress: 100,
      windowMinutes: 15,
    },
    publicUrl: null,
    mail: null,
    uploadTempMaxAgeMinutes: 60,
    ...overrides,
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A brand-new, empty database of one kind, for tests that start and restart apps themselves.
 * PGlite lives in a temporary directory (so a restart finds its data); PostgreSQL gets a
 * schema of its own. `drop()` removes it.
 */
export async function createScratchDatabase(
  kind: DatabaseKind,
): Promise<{ config: Partial<AppConfig>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'fc-api-test-'));
    return {
      config: { pgliteDir: path.join(dir, 'pglite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create schema ${schema}`);
  return {
    config: { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema },
    drop: () => adminQuery(`drop schema if exists ${schema} cascade`),
  };
}

/** Collects the app's log lines (pino JSON) for assertions. */
export function captureLogs() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    lines: () => lines,
    messages: () => lines.map((l) => (JSON.parse(l) as { msg?: string }).msg ?? ''),
  };
}

const hashes = new Map<string, Promise<string>>();
/** argon2 is deliberately slow; tests reuse one hash per distinct password. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface NewTestUser {
  email: string;
  password?: string;
  role?: Role;
  status?: UserStatus;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
  passwordChangeRequired?: boolean;
  requiresReset?: boolean;
}

export interface LoginResult {
  status: number;
  body: Record<string, unknown>;
  /** `fc_session=...`, ready for a `cookie` request header; null when none was set. */
  cookie: string | null;
  setCookie: string | undefined;
}

export type StorageKind = 'local' | 's3';

export interface TestContext {
  readonly kind: DatabaseKind;
  /** Where this variant's uploads go: the local disk, or a bucket on an in-process S3 server. */
  readonly storageKind: StorageKind;
  readonly app: App;
  readonly db: Db;
  readonly config: AppConfig;
  /** Log lines of this file's app (empty unless the config's logLevel says otherwise). */
  logs(): string[];
  /** Inserts a user directly (default password 'password-123', ACTIVE USER). */
  createUser(user: NewTestUser): Promise<User>;
  /** POST /api/auth/login over HTTP. */
  login(
    email: string,
    password: string,
    options?: { remoteAddress?: string; cookie?: string },
  ): Promise<LoginResult>;
}

export interface DescribeOptions {
  config?: Partial<AppConfig>;
  /** Runs after buildApp and before ready(): e.g. add test-only routes. */
  setup?: (app: App) => void | Promise<void>;
  /** Storage variants to run (default local disk only); 's3' adds `[<db>, s3]` suites. */
  storages?: StorageKind[];
}

export const DEFAULT_PASSWORD = 'password-123';

function sessionCookie(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) {
      return pair;
    }
  }
  return null;
}

/**
 * Empties every table and restarts its ids, as `truncate ... restart identity` did, at a
 * fraction of its cost: a truncate gives each of the tables and their indexes new files (about
 * 30 ms of CPU on PGlite and 70 ms on PostgreSQL before every test), where deleting the few
 * rows a test wrote takes 5 to 10 ms. TABLES lists children before their parents.
 */
async function emptyTables(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await sql`delete from ${sql.table(table)}`.execute(trx);
    await sql`select setval(format('%I', sequencename)::regclass, start_value, false)
      from pg_sequences where schemaname = current_schema()`.execute(trx);
  });
}

function createContext(
  kind: DatabaseKind,
  options: DescribeOptions,
  storageKind: StorageKind = 'local',
): TestContext {
  let app: App | undefined;
  let config: AppConfig | undefined;
  let drop: (() => Promise<void>) | undefined;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const logs = captureLogs();

  beforeAll(async () => {
    const scratch =
      kind === 'postgres'
        ? await createScratchDatabase('postgres')
        : { config: {}, drop: async () => undefined };
    drop = scratch.drop;
    if (storageKind === 's3') s3 = await startS3Server();
    config = testConfig({
      ...scratch.config,
      ...(s3 && { storage: s3.storage() }),
      ...options.config,
    });
    app = await buildApp(config, { logStream: logs.stream });
    await options.setup?.(app);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
    await s3?.close();
  });

  // Migrated once per file above; every test starts from empty tables.
  beforeEach(async () => {
    if (app) await emptyTables(app.db);
  });

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test app is not built yet (use it inside tests)');
    return value;
  };

  return {
    kind,
    storageKind,
    get app() {
      return need(app);
    },
    get db() {
      return need(app).db;
    },
    get config() {
      return need(config);
    },
    logs: () => logs.lines(),
    async createUser(user) {
      return insertUser(need(app).db, {
        email: user.email,
        username: user.username ?? user.email.split('@')[0] ?? user.email,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        role: user.role ?? 'USER',
        status: user.status ?? 'ACTIVE',
        passwordHash: await cachedHash(user.password ?? DEFAULT_PASSWORD),
        passwordChangeRequired: user.passwordChangeRequired ?? false,
        requiresReset: user.requiresReset ?? false,
      });
    },
    async login(email, password, opts = {}) {
      const response = await need(app).inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        ...(opts.remoteAddress && { remoteAddress: opts.remoteAddress }),
        ...(opts.cookie && { headers: { cookie: opts.cookie } }),
      });
      const setCookie = response.headers['set-cookie'];
      return {
        status: response.statusCode,
        body: response.json(),
        cookie: sessionCookie(setCookie),
        setCookie: Array.isArray(setCookie) ? setCookie.join('\n') : setCookie,
      };
    },
  };
}

/**
 * The databases a storage variant runs on. Local disk: both. S3: one only, because where the
 * files go does not depend on the database (the routes call the same storage interface in
 * the same transactions either way): PostgreSQL, which every S3 install uses, when it
 * answers; PGlite otherwise, so the S3 code still runs without a PostgreSQL. The two
 * together (two instances, one database, one bucket) are in plugins/scale-out.test.ts.
 */
function databasesFor(storage: StorageKind, scope: DatabaseScope): readonly DatabaseKind[] {
  if (scope === 'pglite') return ['pglite'];
  if (storage === 'local') return ['pglite', 'postgres'];
  return [postgresAvailable ? 'postgres' : 'pglite'];
}

/**
 * 'both': the suite's outcome can depend on the database: the SQL it runs (queries, ordering,
 * aggregates, constraints, locks, concurrent transactions, migrations, stored limits) or what
 * the driver hands back (timestamps, counts, JSON). 'pglite': it checks what surrounds the data
 * (headers, validation, guards, transport, speech, documents) through repositories that
 * 'both' suites cover; PGlite is the same PostgreSQL engine, in process.
 */
type DatabaseScope = 'both' | 'pglite';

function describeVariants(
  scope: DatabaseScope,
  name: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions,
): void {
  for (const storage of options.storages ?? ['local']) {
    for (const kind of databasesFor(storage, scope)) {
      const label = storage === 'local' ? kind : `${kind}, ${storage}`;
      describe.skipIf(kind === 'postgres' && !postgresAvailable)(`${name} [${label}]`, () => {
        fn(createContext(kind, options, storage));
      });
    }
  }
}

/**
 * Declares the suite once per database: `name [pglite]` and `name [postgres]`. Each variant
 * builds one app (own PGlite / own PostgreSQL schema, migrated once) and empties every table
 * before each test, so files run in parallel without seeing each other.
 */
export function describeEachDatabase(
  name: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeVariants('both', name, fn, options);
}

/**
 * Declares the suite on PGlite only (`name [pglite]`; with S3 storage, `[pglite, s3]`), for
 * suites whose outcome cannot depend on the database (see DatabaseScope and docs/testing.md).
 * A suite that reads or writes data in a way no describeEachDatabase suite covers is not one.
 */
export function describeOnPglite(
  name: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeVariants('pglite', name, fn, options);
}

/** describeEachDatabase on local-disk storage (both databases) and on S3 storage (one). */
export function describeEachDatabaseAndStorage(
  name: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeEachDatabase(name, fn, { ...options, storages: ['local', 's3'] });
}

/** Same as describeEachDatabase, for tests that manage their own apps (restarts, bootstrap). */
export function describeEachDatabaseKind(name: string, fn: (kind: DatabaseKind) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    describe.skipIf(kind === 'postgres' && !postgresAvailable)(`${name} [${kind}]`, () => {
      fn(kind);
    });
  }
}
