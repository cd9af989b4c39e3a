import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The real API process (apps/api/src/main.ts with tsx's loader), for tests
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
  // tsx as a loader in this one process, not its CLI: the CLI runs the app in a child and
  // relays signals to it, and under load a SIGTERM that reached it before the child had
  // reported its handler ended the CLI with the signal (exit 143) while the app shut down fine.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json',
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
  });
  let output = '';
  // Listening, an early exit or 90 s, whichever comes first: the events, not a poll.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 90_000);
    const settle = (err?: Error) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onExit = (code: number | null) => settle(new Error(`exited early (${code}):\n${output}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening')) settle();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
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
