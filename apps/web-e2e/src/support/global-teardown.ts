import { rmSync } from 'node:fs';
import { readServerState, serverStateFile } from './server-state';

/** Stops the server with SIGTERM (graceful shutdown) and removes its DATA_DIR. */
export default async function globalTeardown(): Promise<void> {
  const state = readServerState();
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(state.pid, 0);
      await new Promise((r) => setTimeout(r, 200));
    } catch {
      break;
    }
  }
  rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(serverStateFile, { force: true });
}
