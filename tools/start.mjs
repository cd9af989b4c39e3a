// `npm start`: install what is missing, build web + API (Nx cache makes a rebuild instant
// when nothing changed), then run the API in THIS process so signals reach it directly.
import { pathToFileURL } from 'node:url';
import { ensureDependencies, run } from './ensure-deps.mjs';
import { ensureMedia } from './ensure-media.mjs';
import { ensureSpeech } from './ensure-speech.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureDependencies(root);
ensureSpeech(); // never fails the start: without the programs, text chat still works
if (process.env.SEED_DEMO === '1') ensureMedia(); // the demo's narrated video; optional too

const built = run(
  'npx',
  ['nx', 'run-many', '-t', 'build', '-p', 'api', 'web', '--output-style=stream'],
  {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  },
);
if (built !== 0) {
  console.error('[fieldcraft] build failed');
  process.exit(built);
}

process.env.WEB_DIST_DIR ??= `${root}dist/apps/web`;
await import(pathToFileURL(`${root}dist/apps/api/main.mjs`).href);
