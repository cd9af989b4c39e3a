import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Files the speech engines need at run time (the worker script, the construction corpus). In
// the source tree they sit next to this module; the API build copies them into
// dist/apps/api/speech-assets/ beside main.mjs (apps/api/project.json), where import.meta.url
// then points.

const here = path.dirname(fileURLToPath(import.meta.url));

/** Absolute path of a speech asset, in the bundle or in the source tree. */
export function speechAssetPath(name: string): string {
  const bundled = path.join(here, 'speech-assets', name);
  return existsSync(bundled) ? bundled : path.join(here, name);
}
