// The API suite's global setup. Once per run: the worker threads' entries bundled as
// dist/apps/api has them (the same esbuild options, api-bundle.mjs), from the sources as they
// are now. Tests start their threads from here (apps/api/src/test/thread-bundles.setup.ts)
// instead of through tsx, which gave every thread a loader thread of its own and compiled its
// TypeScript again.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { apiBuildOptions } from './api-bundle.mjs';

export default async function setup(project) {
  const root = path.resolve(import.meta.dirname, '..');
  // Inside node_modules so that the bundles' package imports (unpdf, mammoth…) resolve.
  const parent = path.join(root, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'fc-api-test-threads-'));
  const { main: _main, ...workers } = apiBuildOptions.entryPoints;
  await build({
    ...apiBuildOptions,
    absWorkingDir: root,
    tsconfig: path.join(root, apiBuildOptions.tsconfig),
    entryPoints: workers,
    outdir: dir,
    metafile: false,
  });
  project.provide('threadBundles', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
