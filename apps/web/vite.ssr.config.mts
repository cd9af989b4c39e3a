import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server's first view (src/server/entry-server.tsx), built for Node into one self-contained
// file the API loads at run time (docs/field-readiness.md, "First view from the server").
// Everything is bundled (ssr.noExternal): the API's image needs no web packages beside it.
const brandProduct = process.env.BRAND_PRODUCT ?? 'Fieldcraft';
const brandCompany = process.env.BRAND_COMPANY ?? 'Fieldcraft Consulting';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web-ssr',
  plugins: [react()],
  publicDir: false,
  resolve: { tsconfigPaths: true },
  define: {
    __BRAND_PRODUCT__: JSON.stringify(brandProduct),
    __BRAND_COMPANY__: JSON.stringify(brandCompany),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/server/entry-server.tsx',
    outDir: '../../dist/apps/web-ssr',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      output: { entryFileNames: 'entry-server.mjs', codeSplitting: false, format: 'es' },
    },
  },
});
