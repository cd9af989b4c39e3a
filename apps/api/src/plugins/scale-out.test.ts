import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { multipartBody, multipartHeaders } from '../test/multipart';
import {
  createScratchDatabase,
  DEFAULT_PASSWORD,
  postgresAvailable,
  testConfig,
} from '../test/test-app';
import { insertUser } from '../routes/users/users.repository';
import { hashPassword } from '../lib/passwords';

// Two API instances behind one load balancer: one PostgreSQL database and one shared uploads
// store. Whatever one instance does (sign-in, sign-out, throttling, an upload) holds on the
// other, because no instance keeps it in memory.

describe.skipIf(!postgresAvailable)('two API instances on one database', () => {
  let a: App;
  let b: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('postgres');
    drop = scratch.drop;
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'fc-shared-uploads-'));
    const config = testConfig({
      ...scratch.config,
      uploadsDir,
      loginRateLimit: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 30, windowMinutes: 15 },
    });
    a = await buildApp(config);
    b = await buildApp(config);
    await Promise.all([a.ready(), b.ready()]);
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
