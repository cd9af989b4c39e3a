import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCode, freePort, startApiProcess } from './test/api-process';

// The real entry point, as `npm run dev` runs it: a process that listens, answers, and exits 0
// on SIGTERM / SIGINT after closing the database (PGlite must find its data after a restart).
const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (port: number) => startApiProcess(port, { DATA_DIR: dataDir });

describe('main (the process)', () => {
  it('serves, shuts down cleanly on SIGTERM and SIGINT, and keeps its data across restarts', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    const first = await start(port);
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });
    const password = /password: (\S+)/.exec(first.output())?.[1] as string;
    expect(password).toBeTruthy();
    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await start(port);
    expect(second.output()).not.toContain('Owner account created');
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@fieldcraft.local', password }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await exitCode(second.child)).toBe(0);
  }, 240_000);
});
