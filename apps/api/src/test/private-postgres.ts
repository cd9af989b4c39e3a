import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A PostgreSQL server of the test's own (Debian's binaries), so a test can stop and restart
// it without touching the shared one. Runs as the `postgres` system user when started by root
// (initdb refuses root).

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export function privatePostgresProblem(): string | null {
  if (!existsSync(path.join(BIN, 'initdb'))) return `no PostgreSQL binaries in ${BIN}`;
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) {
    return 'running as root without a postgres system user';
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface PrivatePostgres {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => {
    const full = path.join(BIN, cmd);
    return process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' });
  };
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => void pgCtl('start', '-w', '-o', options),
    stop: () => void pgCtl('stop', '-m', 'fast', '-w'),
    destroy: () => {
      try {
        pgCtl('stop', '-m', 'immediate', '-w');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  instance.start();
  return instance;
}
