import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point, as `npm run dev` runs it: a process that listens, answers, and exits 0
// on SIGTERM / SIGINT after closing the database (PGlite must find its data after a restart).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--tsconfig',
      'apps/api/tsconfig.json',
      'apps/api/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        OWNER_PASSWORD: '',
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Server listening')) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

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
