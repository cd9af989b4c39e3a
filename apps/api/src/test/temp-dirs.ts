import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/**
 * A new folder under the system's temporary directory, removed when the test file ends
 * (temp-dirs.setup.ts): Debian does not empty /tmp, so each run used to leave about forty
 * behind.
 */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder testDir() made so far. */
export function removeTestDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
