import { rmSync } from 'node:fs';
import { readServerState, serverStateFile } from './server-state';

/**
 * Stops `npm start` with SIGTERM, as a process manager would, and checks the server really went
 * away (the signal must reach the Node process behind npm); then removes its DATA_DIR.
 */
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
  const stillServing = await fetch(`http://127.0.0.1:${state.port}/api/health`).then(
    () => true,
    () => false,
  );
  rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(serverStateFile, { force: true });
  if (stillServing) throw new Error('the server still answers after SIGTERM to `npm start`');
}
