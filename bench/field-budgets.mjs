// Field budgets (issue 9): initial JavaScript and dashboard usable time on a slow phone network.
//
//   node bench/field-budgets.mjs            # builds web + api (Nx-cached), then measures
//   FIELD_SKIP_BUILD=1 node bench/field-budgets.mjs
//
// Environment: FIELD_BENCH_PORT (3163), FIELD_RUNS (3: timing runs per case, the median is
// reported), CHROMIUM_PATH (/usr/bin/chromium), FIELD_SKIP_BUILD=1.
//
// It starts the real server (dist/apps/api/main.mjs serving dist/apps/web, embedded PGlite in a
// temporary DATA_DIR, SEED_DEMO=1) and drives Debian's chromium with Playwright:
//  (a) initial JavaScript: the script files the browser really requests for landing → login and
//      for a signed-in load of /dashboard, each sized as gzip -9 of the built file; beside it the
//      entry's static graph from the built index.html (entry + modulepreload links).
//  (b) dashboard usable time, "Slow 3G" as Chrome DevTools defines it — 2000 ms request latency,
//      400 kbit/s down, 400 kbit/s up (CDP Network.emulateNetworkConditions) — with 4× CPU
//      slowdown (Emulation.setCPUThrottlingRate), from a cold cache (new browser context: no HTTP
//      cache, no service worker) and from the service-worker cache (a repeat visit in the same
//      context once the worker controls it). "Usable" = the greeting "Welcome back, …" is on
//      screen AND the Watch panel has finished loading (its list has an item, or says "No videos
//      available"), timed in the page from navigation start (performance.now()).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.join(import.meta.dirname, '..');
const webDist = path.join(root, 'dist/apps/web');
const PORT = Number(process.env.FIELD_BENCH_PORT ?? 3163);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.FIELD_RUNS ?? 3);
const USER = { email: 'user@fieldcraft.local', password: 'fieldcraft-demo' };
const KB = 1024;

export const SLOW_3G = {
  offline: false,
  latency: 2000, // ms added to every request (DevTools "Slow 3G": 400 ms RTT × 5)
  downloadThroughput: (400 * 1000) / 8, // bytes/s: 400 kbit/s
  uploadThroughput: (400 * 1000) / 8,
};
export const CPU_SLOWDOWN = 4;
const BUDGETS = { landingLoginKB: 150, dashboardKB: 300, coldMs: 5000, warmMs: 1000 };

const verdict = (ok) => (ok ? 'PASS' : 'MISS');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${code}`))));
  });
}

console.log('\n== field budgets: initial JavaScript, dashboard usable on Slow 3G + 4x CPU ==');
if (!process.env.FIELD_SKIP_BUILD) {
  await run('npx', ['nx', 'run-many', '-t', 'build', '-p', 'web', 'api', '--output-style=static'], {
    NX_DAEMON: 'false',
  });
}
if (!existsSync(path.join(webDist, 'sw.js'))) throw new Error('dist/apps/web/sw.js missing: build the web app');

const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-field-bench-'));
const server = spawn(process.execPath, ['dist/apps/api/main.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: webDist,
    SEED_DEMO: '1',
    OWNER_PASSWORD: 'field-bench-owner',
    LOG_LEVEL: 'warn',
    SPEECH_PRELOAD: '0',
  },
});

let browser;
try {
  // Inside try: a browser that fails to start must not leave the server running.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }

  // ---- (a) initial JavaScript --------------------------------------------------------------------
  const gzipOf = (urlPath) => gzipSync(readFileSync(path.join(webDist, urlPath)), { level: 9 }).length;
  const sumKB = (paths) => [...paths].reduce((n, p) => n + gzipOf(p), 0) / KB;

  function watchScripts(page) {
    const seen = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === ORIGIN && request.resourceType() === 'script') seen.add(url.pathname);
    });
    return seen;
  }

  async function signIn(context) {
    const res = await context.request.post(`${ORIGIN}/api/auth/login`, { data: USER });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  }

  const publicContext = await browser.newContext({ serviceWorkers: 'block' });
  const publicPage = await publicContext.newPage();
  const landingScripts = watchScripts(publicPage);
  await publicPage.goto(`${ORIGIN}/`);
  await publicPage.getByText('Limited Access BETA test environment').waitFor();
  await publicPage.getByRole('link', { name: 'Get Started' }).or(publicPage.getByRole('button', { name: 'Get Started' })).first().click();
  await publicPage.getByRole('button', { name: 'Sign In' }).waitFor();
  await publicContext.close();

  const userContext = await browser.newContext({ serviceWorkers: 'block' });
  await signIn(userContext);
  const dashPage = await userContext.newPage();
  const dashboardScripts = watchScripts(dashPage);
  await dashPage.goto(`${ORIGIN}/dashboard`);
  await dashPage.getByText(/Welcome back, /).waitFor();
  await dashPage.waitForLoadState('networkidle');
  await userContext.close();

  // The entry's static graph, from the built index.html alone.
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const staticGraph = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
  );

  const landingKB = sumKB(landingScripts);
  const dashboardKB = sumKB(dashboardScripts);
  console.log(`\n(a) initial JavaScript, gzip -9 of the built files`);
  console.log(`    entry + modulepreload in index.html: ${staticGraph.size} files, ${sumKB(staticGraph).toFixed(1)} KB`);
  console.log(
    `    landing + login, as requested:       ${landingScripts.size} files, ${landingKB.toFixed(1)} KB ` +
      `(budget <= ${BUDGETS.landingLoginKB} KB): ${verdict(landingKB <= BUDGETS.landingLoginKB)}`,
  );
  console.log(
    `    dashboard (signed in), as requested: ${dashboardScripts.size} files, ${dashboardKB.toFixed(1)} KB ` +
      `(budget <= ${BUDGETS.dashboardKB} KB): ${verdict(dashboardKB <= BUDGETS.dashboardKB)}`,
  );
  const largest = (paths) =>
    [...paths]
      .map((p) => [p.replace('/assets/', ''), gzipOf(p) / KB])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([p, kb]) => `${p} ${kb.toFixed(1)}`)
      .join(', ');
  console.log(`    largest for landing + login (KB): ${largest(landingScripts)}`);

  // ---- (b) dashboard usable time ---------------------------------------------------------------
  // Marks, in the page, when the shell (navigation) and the dashboard are first usable.
  const marker = () => {
    /* global window, document, MutationObserver */
    const w = window;
    w.__controlledAtStart = navigator.serviceWorker?.controller != null;
    const check = () => {
      const text = document.body?.innerText ?? '';
      if (w.__shellAt === undefined && document.querySelector('nav')) w.__shellAt = performance.now();
      if (w.__usableAt !== undefined) return;
      const greeting = text.includes('Welcome back, ');
      const watch = [...document.querySelectorAll('main ul')].find((ul) => ul.querySelector('li'));
      if (greeting && (watch || text.includes('No videos available'))) w.__usableAt = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    check();
  };

  async function timedLoad(context) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${ORIGIN}/dashboard`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 120_000, polling: 250 });
    const marks = await page.evaluate(() => ({ shell: window.__shellAt, usable: window.__usableAt }));
    const controlled = await page.evaluate(() => window.__controlledAtStart);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', { ...SLOW_3G, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.close();
    return { ...marks, controlled };
  }

  const cold = [];
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(marker);
    await signIn(context);
    const first = await timedLoad(context);
    if (first.controlled) throw new Error('cold run was already controlled by a service worker');
    cold.push(first);
    // Let the worker install and take control (unthrottled), as it would after a first visit.
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/dashboard`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.close();
    const repeat = await timedLoad(context);
    if (!repeat.controlled) throw new Error('repeat run was not controlled by the service worker');
    warm.push(repeat);
    await context.close();
  }

  const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const report = (label, runs, budget) => {
    const usable = median(runs.map((r) => r.usable));
    const shell = median(runs.map((r) => r.shell ?? NaN));
    console.log(
      `    ${label.padEnd(24)} usable ${fmt(usable)} (budget <= ${fmt(budget)}): ${verdict(usable <= budget)}; ` +
        `navigation drawn at ${fmt(shell)}; runs ${runs.map((r) => fmt(r.usable)).join(', ')}`,
    );
  };
  console.log(
    `\n(b) dashboard usable, Slow 3G (${SLOW_3G.latency} ms latency, ${(SLOW_3G.downloadThroughput * 8) / 1000} kbit/s down, ` +
      `${(SLOW_3G.uploadThroughput * 8) / 1000} kbit/s up) + ${CPU_SLOWDOWN}x CPU, median of ${RUNS}`,
  );
  report('cold cache', cold, BUDGETS.coldMs);
  report('service-worker cache', warm, BUDGETS.warmMs);
} finally {
  await browser?.close();
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
