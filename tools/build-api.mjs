// Bundles apps/api into one ESM file. Workspace libs (tsconfig paths) are inlined;
// npm packages stay external and are loaded from node_modules at run time.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const outdir = 'dist/apps/api';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['apps/api/src/main.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'apps/api/tsconfig.json',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
console.log(`api built into ${outdir}/main.mjs`);
