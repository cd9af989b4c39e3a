import { afterAll, beforeAll } from 'vitest';

/**
 * Sets environment variables for the suite it is called in (from a beforeAll, so call it before
 * the describe whose app reads them) and puts the old values back after it. Test files share a
 * process (`isolate: false`), so a variable left set would reach the next file's apps.
 */
export function withEnv(vars: () => Record<string, string>): void {
  const saved = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const [key, value] of Object.entries(vars())) {
      saved.set(key, process.env[key]);
      process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}
