import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { ensureDefaultAgent } from '../bootstrap/bootstrap';
import { DEMO_PASSWORD, seedDemo } from '../bootstrap/demo-seed';
import {
  captureLogs,
  createScratchDatabase,
  type DatabaseKind,
  describeEachDatabaseKind,
  testConfig,
} from '../test/test-app';
import type { AppConfig } from './config';

const CREATED =
  /^Owner account created: owner@fieldcraft\.local \/ password: (\S+) \(change required at first sign-in\)$/;

describeEachDatabaseKind('first-start bootstrap and restarts', (kind: DatabaseKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** A scratch database and a way to (re)start the app on it, logs captured per start. */
  async function scratch(overrides: Partial<AppConfig> = {}, { restarts = false } = {}) {
    // PGlite only needs a directory when the test restarts on the same data.
    const db =
      kind === 'pglite' && !restarts
        ? { config: {}, drop: async () => undefined }
        : await createScratchDatabase(kind);
    cleanups.push(db.drop);
    return async (more: Partial<AppConfig> = {}) => {
      const logs = captureLogs();
      const app = await buildApp(
        testConfig({ ...db.config, logLevel: 'info', ...overrides, ...more }),
        {
          logStream: logs.stream,
        },
      );
      cleanups.push(() => app.close());
      return { app, logs };
    };
  }

  const login = (app: App, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the owner with a random password printed once, then never again', async () => {
    const start = await scratch({ ownerPassword: null }, { restarts: true });
    const first = await start();
    const printed = first.logs.messages().filter((m) => m.includes('password:'));
    expect(printed).toHaveLength(1);
    const password = CREATED.exec(printed[0] as string)?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const res = await login(first.app, 'owner@fieldcraft.local', password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'OWNER',
      status: 'ACTIVE',
      passwordChangeRequired: true,
    });
    const hash = await first.app.db
      .selectFrom('users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);

    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(first.app.db);
    expect(applied.rows.map((r) => r.name)).toEqual([
      '2026_11_22_100000_create_accounts',
      '2026_11_22_100100_create_rooms',
      '2026_11_22_100200_create_content',
      '2026_11_22_100300_create_conversations',
      '2026_11_22_100400_create_content_passages',
      '2026_11_22_100500_create_voice_runtime',
      '2026_11_22_100600_create_impersonation',
      '2026_11_22_100900_add_knowledge_gap_resolution',
      '2026_11_22_101700_add_content_text_status',
      '2026_11_26_010000_add_voice_token_session',
      '2026_11_26_020000_login_throttle_counters',
      '2026_11_26_080000_library_media_and_positions',
      '2026_11_26_100000_password_reset_requests',
      '2026_11_26_120000_password_reset_tokens',
    ]);
    const agents = await first.app.db
      .selectFrom('agents')
      .select(['agent_id', 'name', 'provider'])
      .execute();
    expect(agents).toEqual([
      { agent_id: 'field-advisor', name: 'Field Advisor', provider: 'local' },
    ]);
    await first.app.close();

    // Restart on the same database: migrations are a no-op, no owner is created or printed,
    // the Field Advisor is not duplicated.
    const second = await start({ ownerEmail: 'someone-else@fieldcraft.local' });
    const messages = second.logs.messages();
    expect(messages).toContain('database schema up to date');
    expect(await second.app.db.selectFrom('agents').select('agent_id').execute()).toHaveLength(1);
    expect(messages.some((m) => m.includes('Owner account created'))).toBe(false);
    const users = await second.app.db.selectFrom('users').select(['email', 'role']).execute();
    expect(users).toEqual([{ email: 'owner@fieldcraft.local', role: 'OWNER' }]);
    expect((await login(second.app, 'owner@fieldcraft.local', password)).statusCode).toBe(200);
  }, 90_000); // two starts of an on-disk PGlite: slow on a loaded 2-core machine

  it('uses OWNER_PASSWORD when given: no change required, nothing secret in the log', async () => {
    const start = await scratch({ ownerPassword: 'chosen-owner-pass' });
    const { app, logs } = await start();
    expect(logs.lines().join('\n')).not.toContain('chosen-owner-pass');
    expect(logs.messages()).toContain(
      'Owner account created: owner@fieldcraft.local (password from OWNER_PASSWORD)',
    );
    const res = await login(app, 'OWNER@fieldcraft.local', 'chosen-owner-pass');
    expect(res.json()).toMatchObject({ passwordChangeRequired: false, requiresReset: false });
  });

  it('SEED_DEMO=1 seeds demo accounts, rooms in every status and one item of each type, idempotently', async () => {
    const start = await scratch({ seedDemo: true });
    const { app } = await start();
    // Seeding again (as every start with SEED_DEMO=1 does) must not duplicate anything.
    await seedDemo(app.db, await ensureDefaultAgent(app.db), app.storage);

    for (const email of ['user@fieldcraft.local', 'admin@fieldcraft.local']) {
      const res = await login(app, email, DEMO_PASSWORD);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ACTIVE', passwordChangeRequired: false });
    }
    const rooms = await app.db
      .selectFrom('rooms')
      .innerJoin('agents', 'agents.id', 'rooms.agent_id')
      .select(['rooms.status', 'agents.agent_id'])
      .orderBy('rooms.id')
      .execute();
    expect(new Set(rooms.map((r) => r.status))).toEqual(new Set(['LIVE', 'PAUSED', 'INACTIVE']));
    expect(rooms).toHaveLength(6);
    expect(rooms.every((r) => r.agent_id === 'field-advisor')).toBe(true);
    const categories = await app.db.selectFrom('rooms').select('category').distinct().execute();
    expect(categories.length).toBeGreaterThan(1);
    // Each demo account is in some rooms, not all.
    for (const email of ['user@fieldcraft.local', 'admin@fieldcraft.local']) {
      const memberOf = await app.db
        .selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .where('users.email', '=', email)
        .select('room_id')
        .execute();
      expect(memberOf.length, email).toBeGreaterThan(0);
      expect(memberOf.length, email).toBeLessThan(rooms.length);
    }
    const types = await app.db.selectFrom('content_items').select('type').orderBy('type').execute();
    expect(types.map((t) => t.type)).toEqual([
      'AUDIO',
      'DOCUMENT',
      'LINK',
      'NEWS',
      'PDF',
      'VIDEO',
      'VIMEO',
      'WORD',
    ]);
    // File-backed items point at real stored files, served with their types.
    const files = await app.db
      .selectFrom('content_items')
      .select(['type', 'url', 'file_key'])
      .where('file_key', 'is not', null)
      .orderBy('type')
      .execute();
    expect(files.map((f) => f.url?.split('.').pop())).toEqual(['wav', 'txt', 'pdf', 'mp4', 'docx']);
    for (const f of files) expect(await app.storage.size(f.file_key ?? '')).toBeGreaterThan(0);
    const pages = await app.db
      .selectFrom('content_passages')
      .innerJoin('content_items', 'content_items.id', 'content_passages.content_id')
      .select(['content_items.type', 'content_passages.page'])
      .where('content_items.type', 'in', ['PDF', 'WORD'])
      .orderBy('content_items.type')
      .orderBy('content_passages.page')
      .execute();
    expect(pages).toEqual([
      { type: 'PDF', page: 1 },
      { type: 'PDF', page: 2 },
      { type: 'WORD', page: 1 },
      { type: 'WORD', page: 2 },
    ]);
    // Their text was read (in a worker thread) and is searchable; media have none to read.
    const textStatuses = await app.db
      .selectFrom('content_items')
      .select(['type', 'text_status', 'text_status_reason'])
      .where('file_key', 'is not', null)
      .orderBy('type')
      .execute();
    expect(textStatuses.map((r) => [r.type, r.text_status, r.text_status_reason])).toEqual([
      ['AUDIO', 'none', null],
      ['DOCUMENT', 'ok', null],
      ['PDF', 'ok', null],
      ['VIDEO', 'none', null],
      ['WORD', 'ok', null],
    ]);
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(3);
  });

  it('health answers 503 with an error body once the database is gone', async () => {
    const start = await scratch();
    const { app } = await start();
    await app.db.destroy();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'The database is not available',
      code: 'SERVICE_UNAVAILABLE',
    });
    cleanups.pop(); // already destroyed; app.close() would close it twice
    await app.close().catch(() => undefined);
  });
});
