// `npm test`: every check the project has, failing loudly. The checks are independent except
// where a step says `after`, so they run side by side: two heavy steps at a time (the machine
// CI uses has two CPUs), light ones (a program check, node --test, the browser suite, which
// mostly waits on its server and chromium) beside them. Lint, types
// and the build go through the Nx cache: their inputs (nx.json, project.json) name every file
// they read, so a second run redoes only what a change touched. Test suites never come from the
// cache (they talk to PostgreSQL, chromium and the speech programs). Each step's output is
// printed as one block when it ends; the step times and the total come last.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import { ensureDependencies } from './ensure-deps.mjs';
import { failedTestLines } from './failed-tests.mjs';
import { ensureSpeech } from './ensure-speech.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureDependencies(root);

// The browser suites drive Debian's chromium-headless-shell when it is there (lighter than the
// full browser in headless mode); tools and screenshots use chromium. Both come from apt.
const browsers = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'];

/** A free TCP port, so the browser suite never meets another checkout's server on 3100. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  E2E_PORT: process.env.E2E_PORT ?? String(await freePort()),
};

/** `times`' line for the children: "1m2.500s 0m3.250s" (user, system). */
const timesSeconds = (line) =>
  [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, m, s]) => sum + 60 * Number(m) + Number(s),
    0,
  );

/**
 * Runs a command with its output collected; resolves to [exit code, output, CPU seconds]. It runs
 * under bash,
 * whose `times` (written to a fourth pipe) gives the CPU seconds of everything the command
 * started and waited for: the summary shows which step costs the machine's CPUs most.
 */
function exec(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', '"$@"; code=$?; times >&3; exit $code', 'bash', command, ...args],
      {
        env,
        ...options,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let times = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.once('error', (err) => resolve([1, `${output}\n${err.message}`]));
    child.once('close', (code) => {
      const children = times.trim().split('\n')[1];
      resolve([code ?? 1, output, children ? timesSeconds(children) : undefined]);
    });
  });
}

const nx = (...args) => exec('npx', ['nx', ...args, '--output-style=stream']);
/** The same at a lower CPU priority: it gets only what the other steps leave idle. */
const nxNiced = (...args) =>
  exec('nice', ['-n', '10', 'npx', 'nx', ...args, '--output-style=stream']);
const node = (...args) => exec('node', args);

async function ensureChromium() {
  const missing = browsers.filter((path) => !existsSync(path));
  if (missing.length === 0) return [0, ''];
  if (process.getuid?.() !== 0) {
    return [
      1,
      `${missing.join(', ')} missing; install Debian's chromium and chromium-headless-shell.`,
    ];
  }
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const [updated, updateLog] = await exec('apt-get', ['update', '-qq'], { env: aptEnv });
  if (updated !== 0) return [updated, updateLog];
  return exec(
    'apt-get',
    [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
      'chromium-headless-shell',
      'fonts-liberation',
    ],
    { env: aptEnv },
  );
}

// Heavy steps use the CPUs for minutes; at most `slots` of them run at once. The order below is
// the start order when slots are short: the longest chain first (build, then the browser
// suite, about ten minutes), then the web suite, then the API suite. The web suite runs on one
// worker and the API suite on two, so the API suite goes last: once the browser suite is done
// it can use both CPUs, where the web suite would leave one idle.
// TEST_HEAVY_SLOTS=1 runs them one at a time (slower, for a machine busy with other work).
const slots =
  Number(process.env.TEST_HEAVY_SLOTS) || Math.max(2, Math.min(3, availableParallelism()));
const steps = [
  // First, one after the other (seconds when nothing is missing): the programs the suites use.
  { name: 'chromium present', first: true, run: ensureChromium },
  {
    // The speech suites run the real flite, espeak-ng and pocketsphinx.
    name: 'speech programs present',
    first: true,
    run: async () => [ensureSpeech().length === 0 ? 0 : 1, ''],
  },
  // First: the browser suite waits for it, and the two make the longest chain.
  { name: 'build (all projects)', heavy: true, run: () => nx('run-many', '-t', 'build') },
  {
    name: 'end-to-end (Playwright, chromium)',
    // A heavy step: chromium, the server and its speech workers take a CPU of their own. Run
    // beside two other heavy steps it starved them (component and API tests timed out, and the
    // whole run took over 40 minutes). It starts as soon as the build is done.
    heavy: true,
    after: ['build (all projects)'],
    // The build is done, so the target's dependsOn (build web + api) only reads the cache.
    run: () => nx('run', 'web-e2e:test'),
  },
  {
    // The web app's component suite (happy-dom): its longest form tests (content management)
    // need a CPU of their own, so it is a heavy step (one of the two slots), never beside two
    // others.
    name: 'web unit tests',
    heavy: true,
    run: () => nx('run', 'web:test'),
  },
  {
    // Beside the others: its latency proof (reads stay fast while a hostile document is read)
    // compares with a baseline taken in the same test, so a busy machine is not blamed on it.
    name: 'API unit + integration tests (PGlite + PostgreSQL)',
    heavy: true,
    run: () => nx('run', 'api:test'),
  },
  {
    // Not heavy: at nice 10 it uses the CPU the web and browser suites leave idle while
    // chromium and the server wait; as a heavy step it held up the API suite at the end.
    name: 'lint + typecheck (all projects)',
    after: ['production install starts (npm ci --omit=dev)'],
    run: () => nxNiced('run-many', '-t', 'lint', 'typecheck', '--parallel=2'),
  },
  {
    name: 'formatting (Prettier)',
    run: () => node('node_modules/prettier/bin/prettier.cjs', '--check', '.'),
  },
  {
    name: 'lint rules fire (module boundaries, layout)',
    run: () => node('--test', 'tools/lint-rules.test.mjs'),
  },
  {
    name: "the summary names a run's failed tests",
    run: () => node('--test', 'tools/failed-tests.test.mjs'),
  },
  {
    name: "README's environment table matches the config schema",
    run: () => node('--test', 'tools/env-table.test.mjs'),
  },
  {
    name: 'API build refuses a run-time import that is not a production dependency',
    run: () => node('--test', 'tools/api-bundle.test.mjs'),
  },
  {
    // libs/voice-client's tests drive chromium.
    name: 'library tests (every lib)',
    heavy: true,
    run: () => nx('run-many', '-t', 'test', '--exclude=api,web,web-e2e'),
  },
  {
    // What the image does, without a container engine: the built app alone in an empty folder,
    // npm ci --omit=dev, start it, health + sign-in + one voice conversation.
    name: 'production install starts (npm ci --omit=dev)',
    after: ['build (all projects)'],
    run: () => node('tools/check-production-install.mjs'),
  },
];

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Seconds every CPU of the machine has spent busy and idle so far (all processes). */
function cpuSeconds() {
  let busy = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy: busy / 1000, idle: idle / 1000 };
}

const started = Date.now();
const cpuAtStart = cpuSeconds();
const results = new Map(); // name -> [code, ms, CPU seconds]
const failedTests = new Map(); // step name -> the lines that name its failed tests
const running = new Set();
let heavyRunning = 0;

const report = (step, [code, output, cpu], ms) => {
  results.set(step.name, [code, ms, cpu]);
  console.log(`\n[fieldcraft] === ${step.name} (${clock(ms)}) ===`);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) {
    console.error(`[fieldcraft] FAILED: ${step.name} (exit ${code})`);
    failedTests.set(step.name, failedTestLines(output));
  }
};

for (const step of steps.filter((s) => s.first)) {
  const stepStarted = Date.now();
  report(step, await step.run(), Date.now() - stepStarted);
}

await new Promise((finish) => {
  const startReady = () => {
    for (const step of steps) {
      if (results.has(step.name) || running.has(step)) continue;
      if (!(step.after ?? []).every((name) => results.has(name))) continue;
      if (step.heavy && heavyRunning >= slots) continue;
      running.add(step);
      if (step.heavy) heavyRunning += 1;
      const stepStarted = Date.now();
      console.log(`[fieldcraft] ${clock(stepStarted - started)} start: ${step.name}`);
      step.run().then((result) => {
        const ms = Date.now() - stepStarted;
        running.delete(step);
        if (step.heavy) heavyRunning -= 1;
        report(step, result, ms);
        if (results.size === steps.length) finish();
        else startReady();
      });
    }
  };
  startReady();
});

// Step times, so a slower suite shows where the time went, and the CPU seconds each step's
// processes used: on a machine whose CPUs are all busy, those are what a shorter run must save.
console.log('\n[fieldcraft] summary (time, CPU seconds)');
for (const { name } of steps) {
  const [code, ms, cpu] = results.get(name);
  const cpuText = cpu === undefined ? '' : `${Math.round(cpu)} s`;
  console.log(
    `  ${code === 0 ? 'ok  ' : 'FAIL'} ${clock(ms).padStart(6)} ${cpuText.padStart(7)}  ${name}`,
  );
}
console.log(`  total ${clock(Date.now() - started)}`);
// How busy the machine was: a run that kept every CPU busy is only made shorter by less work,
// one with idle CPUs by a better order of the steps. Machines differ in speed, so the busy
// seconds compare runs on different machines better than the total does.
const cpuAtEnd = cpuSeconds();
const busy = cpuAtEnd.busy - cpuAtStart.busy;
const idle = cpuAtEnd.idle - cpuAtStart.idle;
console.log(
  `  CPU ${Math.round(busy)} s busy of ${Math.round(busy + idle)} s on ${cpus().length} CPUs` +
    ` (${Math.round((100 * busy) / (busy + idle))} %)`,
);
// The failed tests by name, a few per step, just above the last line.
for (const [name, lines] of failedTests) {
  if (lines.length === 0) continue;
  console.log(`  failed in ${name}:`);
  for (const line of lines.slice(0, 8)) console.log(`    ${line}`);
  if (lines.length > 8) console.log(`    ... and ${lines.length - 8} more`);
}
const failed = [...results.values()].filter(([code]) => code !== 0).length;
console.log(`checks: ${results.size - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
