import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What `new Worker(entry, { eval })` needs to start a worker thread of ours. */
export interface ThreadEntry {
  /** A file URL, or (with `evaluate`) a script that loads the worker's TypeScript through tsx. */
  entry: URL | string;
  evaluate: boolean;
}

const cache = new Map<string, ThreadEntry>();
let bundledFrom: string | undefined;

/**
 * From now on, callers running from the sources start their threads from `dir`, where the
 * worker entries were bundled the way dist/apps/api has them (tools/api-bundle.mjs), instead of
 * through tsx. The API suite does so (tools/api-test-threads.mjs): through tsx each thread
 * also started a loader thread and compiled its TypeScript again, about a third of the suite's
 * CPU. `undefined` goes back to tsx.
 */
export function startThreadsFrom(dir: string | undefined): void {
  bundledFrom = dir;
  cache.clear();
}

/**
 * Where a worker thread's code is. `here` is the caller's `import.meta.url`. In the bundle
 * (dist/apps/api/main.mjs) that is the bundle's URL, and tools/build-api.mjs writes `bundled`
 * beside it. From the sources (vitest, `tsx watch`) it is `source` beside the caller, loaded
 * with tsx's tsImport from a small eval'd script: Node 20 does not apply loaders given to the
 * main thread (or in a worker's execArgv) to a worker's entry.
 */
export function threadEntry(here: string, bundled: string, source: string): ThreadEntry {
  const key = `${here}\u0000${bundled}\u0000${source}`;
  const known = cache.get(key);
  if (known) return known;
  let entry: ThreadEntry;
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) {
    entry = { entry: new URL(`./${bundled}`, here), evaluate: false };
  } else if (bundledFrom) {
    entry = { entry: pathToFileURL(path.join(bundledFrom, bundled)), evaluate: false };
  } else {
    const require = createRequire(here);
    const tsxManifest = require.resolve('tsx/package.json');
    const exported = (
      JSON.parse(readFileSync(tsxManifest, 'utf8')) as {
        exports: Record<string, { import: { default: string } }>;
      }
    ).exports['./esm/api']?.import.default;
    if (!exported) throw new Error('tsx does not export ./esm/api');
    const tsxApi = pathToFileURL(path.join(path.dirname(tsxManifest), exported)).href;
    const file = new URL(`./${source}`, here).href;
    entry = {
      entry: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(here)}));`,
      evaluate: true,
    };
  }
  cache.set(key, entry);
  return entry;
}
