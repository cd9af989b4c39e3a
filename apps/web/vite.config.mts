/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwaPlugin } from './pwa.vite.mts';

const brandProduct = process.env.BRAND_PRODUCT ?? 'Fieldcraft';
const brandCompany = process.env.BRAND_COMPANY ?? 'Fieldcraft Consulting';

/** index.html names the product too; it reads the same configuration as the bundle. */
const brandHtml: Plugin = {
  name: 'fieldcraft-brand-html',
  transformIndexHtml: (html) =>
    html.replaceAll(
      '%BRAND_PRODUCT%',
      brandProduct.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c),
    ),
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3333'}`;

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [
    react(),
    brandHtml,
    // Installable app: manifest.webmanifest and the app-shell service worker (docs/field-readiness.md).
    pwaPlugin({
      name: brandProduct,
      shortName: brandProduct,
      description: `${brandProduct}: training content and AI field advisors for construction crews.`,
      themeColor: '#1d2939',
      backgroundColor: '#ffffff',
    }),
  ],
  resolve: { tsconfigPaths: true },
  // Brand names come from configuration (decisions.md "Names"), baked in at build time.
  define: {
    __BRAND_PRODUCT__: JSON.stringify(brandProduct),
    __BRAND_COMPANY__: JSON.stringify(brandCompany),
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
    // The voice client's AudioWorklet modules must stay same-origin files: the app's CSP
    // (script-src 'self') refuses the data: URLs Vite would inline small assets as.
    assetsInlineLimit: (file) => (/[\\/]libs[\\/]voice-client[\\/].*\.js$/.test(file) ? false : undefined),
    rolldownOptions: {
      treeshake: {
        // The workspace libs are side-effect free. Saying so lets unused exports of the ui barrel
        // (and contracts' zod schemas) drop out of the entry chunk, keeping landing/login small.
        moduleSideEffects: [{ test: /[\\/]libs[\\/](ui|contracts)[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['../../tools/vitest-dom-setup.ts', './src/testing/setup-tests.ts'],
    testTimeout: 15_000,
  },
});
