import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file gets its own PGlite and its own PostgreSQL schema, so files run in parallel.
    pool: 'forks',
    // A worker process runs its files one after the other in one module graph instead of a
    // fresh one each: the app's modules, PGlite's WebAssembly and the hashes tests reuse are
    // loaded once per worker. Files keep their own apps and databases; what a file changes in
    // the process (environment variables) it puts back (test/env.ts).
    isolate: false,
    // One migrated PGlite per run, loaded by every test app instead of initdb + migrations;
    // the worker threads' code bundled once, as dist has it, instead of through tsx per thread.
    globalSetup: ['src/test/pglite-template.global.ts', '../../tools/api-test-threads.mjs'],
    setupFiles: [
      'src/test/pglite-template.setup.ts',
      'src/test/thread-bundles.setup.ts',
      'src/test/temp-dirs.setup.ts',
    ],
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
