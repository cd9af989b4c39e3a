// The API as the content benchmarks run it: built from source (tools/build-api.mjs), then
// dist/apps/api/main.mjs started on PGlite in a throw-away DATA_DIR, with one owner account.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');

export function buildApi() {
  return new Promise((resolve, reject) => {
    const b = spawn(process.execPath, ['tools/build-api.mjs'], { cwd: root, stdio: 'inherit' });
    b.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('api build failed'))));
  });
}

/**
 * Starts the built API on `port` and resolves once /api/health answers 200. `stop()` ends it
 * and removes its folder.
 */
export async function startApi({ port, owner, name }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `fc-bench-${name}-`));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/apps/api/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OWNER_EMAIL: owner.email,
      OWNER_PASSWORD: owner.password,
      WEB_DIST_DIR: '',
      SEED_DEMO: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // PGlite's start takes seconds, and more on a machine busy with other work.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the API exited during start');
      if (Date.now() > deadline) throw new Error('the API did not become healthy in 120 s');
      const healthy = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false, // not listening yet
      );
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, child, dataDir, stop };
}
