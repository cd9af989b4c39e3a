import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file gets its own PGlite and its own PostgreSQL schema, so files run in parallel.
    pool: 'forks',
    // One migrated PGlite per run, loaded by every test app instead of initdb + migrations.
    globalSetup: ['src/test/pglite-template.global.ts'],
    setupFiles: ['src/test/pglite-template.setup.ts'],
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
