import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverStateFile } from './server-state';

const root = path.resolve(__dirname, '../../../..');

/**
 * Starts the product exactly as a new user would (`npm start`) on an empty
 * DATA_DIR, with no OWNER_PASSWORD so the bootstrap prints a one-time password, which we read
 * from the log like an operator would.
 */
export default async function globalSetup(): Promise<void> {
  const port = process.env.E2E_PORT ?? '3100';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldcraft-e2e-'));
  const ownerEmail = 'owner@fieldcraft.local';
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_EMAIL: ownerEmail,
      OWNER_PASSWORD: '',
      SEED_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  const match = /password: (\S+)/.exec(log);
  if (!match?.[1]) throw new Error(`no one-time owner password in the log:\n${log}`);
  writeFileSync(
    serverStateFile,
    JSON.stringify({ pid: child.pid, port, dataDir, ownerEmail, ownerPassword: match[1] }),
  );
  child.unref();
}
