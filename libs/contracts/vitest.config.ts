import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: __dirname,
  resolve: { tsconfigPaths: true },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
