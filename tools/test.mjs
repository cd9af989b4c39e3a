// `npm test`: every check the project has, in order, failing loudly. Lint and types first
// (cheap), then unit + integration suites (the API's run against PGlite and, when reachable,
// the PostgreSQL at TEST_DATABASE_URL), the build and its production install, then the
// browser end-to-end suite in Debian's chromium.
import { existsSync } from 'node:fs';
import { ensureDependencies, run } from './ensure-deps.mjs';
import { ensureSpeech } from './ensure-speech.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureDependencies(root);

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(
      `[fieldcraft] ${chromium} is missing; install Debian's chromium (apt-get install chromium).`,
    );
    return 1;
  }
  console.log('[fieldcraft] installing Debian chromium for the browser tests...');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env: aptEnv }) !== 0) return 1;
  return run(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
    {
      env: aptEnv,
    },
  );
}

const nx =
  (...args) =>
  () =>
    run('npx', ['nx', ...args, '--output-style=stream', '--skip-nx-cache'], { env });
const steps = [
  ['lint (all projects)', nx('run-many', '-t', 'lint', '--parallel=2')],
  [
    'lint rules fire (module boundaries, layout)',
    () => run('node', ['--test', 'tools/lint-rules.test.mjs'], { env }),
  ],
  [
    'API build refuses a run-time import that is not a production dependency',
    () => run('node', ['--test', 'tools/api-bundle.test.mjs'], { env }),
  ],
  ['typecheck (all projects)', nx('run-many', '-t', 'typecheck', '--parallel=2')],
  // Before the suites: libs/voice-client's tests already drive chromium.
  ['chromium present', ensureChromium],
  // The speech suites run the real flite, espeak-ng and pocketsphinx.
  ['speech programs present', () => (ensureSpeech().length === 0 ? 0 : 1)],
  [
    'unit + integration tests',
    nx('run-many', '-t', 'test', '--exclude=web-e2e,web', '--parallel=2'),
  ],
  // The web app's jsdom suite on its own: beside the API's integration suite on a 2-CPU machine,
  // its longest form tests (content management) neared their 15 s limit and once passed it.
  ['web unit tests', nx('run', 'web:test')],
  ['build (all projects)', nx('run-many', '-t', 'build', '--parallel=2')],
  // What the image does, without a container engine: the built app alone in an empty folder,
  // npm ci --omit=dev, start it, health + sign-in + one voice conversation.
  [
    'production install starts (npm ci --omit=dev)',
    () => run('node', ['tools/check-production-install.mjs'], { env }),
  ],
  ['end-to-end (Playwright, chromium)', nx('run', 'web-e2e:test')],
];

const results = [];
const started = Date.now();
for (const [name, step] of steps) {
  console.log(`\n[fieldcraft] === ${name} ===`);
  const stepStarted = Date.now();
  const code = step();
  results.push([name, code, Date.now() - stepStarted]);
  if (code !== 0) console.error(`[fieldcraft] FAILED: ${name} (exit ${code})`);
}

// Step times, so a slower suite shows where the time went.
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
console.log('\n[fieldcraft] summary');
for (const [name, code, ms] of results) {
  console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${clock(ms).padStart(6)}  ${name}`);
}
console.log(`  total ${clock(Date.now() - started)}`);
const failed = results.filter(([, code]) => code !== 0).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
