import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { multipartBody, multipartHeaders } from '../test/multipart';
import {
  createScratchDatabase,
  DEFAULT_PASSWORD,
  postgresAvailable,
  testConfig,
} from '../test/test-app';
import { insertUser } from '../people/users.repository';
import { hashPassword } from '../lib/passwords';
import { startS3Server } from '../test/s3-server';
import { testDir } from '../test/temp-dirs';

// Two API instances behind one load balancer: one PostgreSQL database and one uploads store —
// a shared folder, or an S3 bucket with each instance on its own disk. Whatever one instance
// does (sign-in, sign-out, throttling, an upload) holds on the other, because no instance
// keeps it in memory or on its own disk.

const newDir = () => testDir('fc-instance-uploads-');

describe.skipIf(!postgresAvailable).each([
  { store: 'one shared uploads folder', s3: false },
  { store: 'an S3 bucket, each instance on its own disk', s3: true },
])('two API instances on one database and $store', ({ s3 }) => {
  let a: App;
  let b: App;
  let drop: () => Promise<void>;
  let s3Server: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('postgres');
    drop = scratch.drop;
    if (s3) s3Server = await startS3Server();
    const shared = newDir();
    const config = testConfig({
      ...scratch.config,
      uploadsDir: shared,
      ...(s3Server && { storage: s3Server.storage() }),
      loginRateLimit: {
        maxFailuresPerAccount: 3,
        maxFailuresPerDevice: 5,
        maxFailuresPerAddressAndAccount: 10,
        maxFailuresPerAddress: 100,
        windowMinutes: 15,
      },
    });
    // Both start at once on the empty database (and bucket): migrations, the owner bootstrap
    // and the bucket creation run once, whichever instance wins.
    [a, b] = await Promise.all([
      buildApp(s3 ? { ...config, uploadsDir: newDir() } : config),
      buildApp(s3 ? { ...config, uploadsDir: newDir() } : config),
    ]);
    expect(a.storage.kind).toBe(s3 ? 's3' : 'local');
    await Promise.all([a.ready(), b.ready()]);
    const owners = await a.db.selectFrom('users').select('email').execute();
    expect(owners).toEqual([{ email: 'owner@fieldcraft.local' }]);
    await insertUser(a.db, {
      email: 'sam@example.com',
      username: 'sam',
      firstName: 'Sam',
      lastName: 'Site',
      role: 'OWNER',
      status: 'ACTIVE',
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
      passwordChangeRequired: false,
      requiresReset: false,
    });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
    await s3Server?.close();
  });

  const login = (app: App, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sam@example.com', password },
    });

  it('shares sessions, sign-out, uploads and login throttling between instances', async () => {
    const signIn = await login(a, DEFAULT_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    // The session made through A works through B.
    const me = await b.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'sam@example.com' });

    // An upload made through B is served by A.
    const pdf = readFileSync(
      new URL('../bootstrap/demo-files/site-safety-checklist.pdf', import.meta.url),
    );
    const upload = await b.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...multipartHeaders, cookie },
      payload: multipartBody('checklist.pdf', pdf),
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json() as { url: string };
    const download = await a.inject({ method: 'GET', url, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    if (s3) {
      // Neither instance's disk holds it: A served it from the bucket.
      for (const app of [a, b]) {
        expect(readdirSync(app.config.uploadsDir).filter((f) => !f.startsWith('.'))).toEqual([]);
      }
    }
    const part = await a.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');

    // An item made through A from that file is indexed (A reads the file B stored), and
    // deleting it through A removes the file B serves.
    const item = await a.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: { cookie },
      payload: { title: 'Checklist', description: 'd', category: 'read', type: 'PDF', url },
    });
    expect(item.statusCode, item.body).toBe(201);
    const found = await b.inject({
      method: 'GET',
      url: '/api/content/search?q=harness',
      headers: { cookie },
    });
    expect(found.json()).toEqual([expect.objectContaining({ page: 2 })]);
    const { id } = item.json() as { id: number };
    await a.inject({ method: 'DELETE', url: `/api/dashboard/content/${id}`, headers: { cookie } });
    expect((await b.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);

    // Signing out through A ends the session on B too.
    expect(
      (await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await b.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(401);

    // Failed sign-ins spread over both instances count together: the 4th is throttled.
    for (const app of [a, b, a]) expect((await login(app, 'wrong-password')).statusCode).toBe(401);
    expect((await login(b, 'wrong-password')).statusCode).toBe(429);
  });
});
