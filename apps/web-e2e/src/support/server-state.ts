import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where global-setup leaves the server's pid, DATA_DIR and the bootstrap credentials. */
export const serverStateFile = path.join(
  tmpdir(),
  `fieldcraft-e2e-${process.env.E2E_PORT ?? '3100'}.json`,
);

export interface ServerState {
  pid: number;
  port: string;
  dataDir: string;
  ownerEmail: string;
  ownerPassword: string;
}

export function readServerState(): ServerState {
  return JSON.parse(readFileSync(serverStateFile, 'utf8')) as ServerState;
}
