import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One module graph for all files, as in the app suites: loading it per file was most of the
    // suite's time, and the files share no state that outlives a test.
    isolate: false,
  },
});
