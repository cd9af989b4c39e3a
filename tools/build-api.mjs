// Bundles apps/api into one ESM file. Workspace libs (tsconfig paths) are inlined;
// npm packages stay external and are loaded from node_modules at run time.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const outdir = 'dist/apps/api';
rmSync(outdir, { recursive: true, force: true });
await build({
  // The text-extraction worker is its own file beside main.mjs: a worker thread starts from a
  // file, and lib/extraction-workers.ts finds it next to the bundle (issue 17).
  entryPoints: {
    main: 'apps/api/src/main.ts',
    'text-extraction-worker': 'apps/api/src/lib/text-extraction.worker.ts',
  },
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
console.log(`api built into ${outdir}/main.mjs (+ text-extraction-worker.mjs)`);
