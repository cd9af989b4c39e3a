import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real API process (apps/api/src/main.ts under tsx, as `npm run dev` runs it), for tests
// about what only a process shows: signals, crashes, restarts.

const root = fileURLToPath(new URL('../../../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  output: () => string;
  /** SIGKILL to the whole process group: tsx runs the server in a child process of its own. */
  crash: () => void;
}

/** Starts the API on `port` with `env` on top of the test defaults; resolves once it listens. */
export async function startApiProcess(
  port: number,
  env: Record<string, string>,
): Promise<ApiProcess> {
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
        DATABASE_URL: '',
        OWNER_PASSWORD: '',
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
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
  return {
    child,
    output: () => output,
    crash: () => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    },
  };
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}
