/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3333'}`;

export default defineConfig({
  root: __dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  // Brand names come from configuration (decisions.md "Names"), baked in at build time.
  define: {
    __BRAND_PRODUCT__: JSON.stringify(process.env.BRAND_PRODUCT ?? 'Fieldcraft'),
    __BRAND_COMPANY__: JSON.stringify(process.env.BRAND_COMPANY ?? 'Fieldcraft Consulting'),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 4200),
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/v1': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['../../tools/vitest-dom-setup.ts'],
    testTimeout: 15_000,
  },
});
