// Over 300 lines: one benchmark script (build, serve, throttle, measure, report) kept whole so
// it runs alone with node.
// Field budgets: initial JavaScript and dashboard usable time on a slow phone network.
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
//  (b) dashboard times, "Slow 3G" as Chrome DevTools defines it — 2000 ms request latency,
//      400 kbit/s down, 400 kbit/s up (CDP Network.emulateNetworkConditions) — with 4× CPU
//      slowdown (Emulation.setCPUThrottlingRate), from a cold cache (new browser context: no HTTP
//      cache, no service worker) and from the service-worker cache (a repeat visit in the same
//      context once the worker controls it and has kept the dashboard's first view). Two times, from navigation start, each the first
//      animation frame (requestAnimationFrame after a DOM change; the check reads textContent,
//      never innerText, so it forces no layout):
//        first view: the greeting "Welcome back, …" is on screen AND the Watch panel has finished
//                    loading (its list has an item, or says "No videos available");
//        app ready:  <html> has the attribute data-app-ready (main.tsx sets it once React's
//                    first render has committed); "n/a" when the built app never sets it.
//  (c) usable without JavaScript, once: a context with JavaScript off and the session cookie
//      opens /dashboard; it passes when the greeting is there (the server drew the first view)
//      and every Watch/Read/Listen row whose item leads somewhere is an <a> to it — an uploaded
//      video to its file, news, Word and same-site audio, documents and PDFs to the in-app reader
//      /library/:id (fileHref and readerHref in apps/web/src/features/content/dashboard/
//      use-content-click.ts) — the link answers 200 (context.request.get), and no other row is
//      a link.
//  Verdict, cold and service-worker: usable = first view within the budget AND (c) passed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${code}`)),
    );
  });
}

console.log('\n== field budgets: initial JavaScript, dashboard usable on Slow 3G + 4x CPU ==');
if (!process.env.FIELD_SKIP_BUILD) {
  await run('npx', ['nx', 'run-many', '-t', 'build', '-p', 'web', 'api', '--output-style=static'], {
    NX_DAEMON: 'false',
  });
}
if (!existsSync(path.join(webDist, 'sw.js')))
  throw new Error('dist/apps/web/sw.js missing: build the web app');

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
  const gzipOf = (urlPath) =>
    gzipSync(readFileSync(path.join(webDist, urlPath)), { level: 9 }).length;
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
  await publicPage
    .getByRole('link', { name: 'Get Started' })
    .or(publicPage.getByRole('button', { name: 'Get Started' }))
    .first()
    .click();
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
    [
      ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
    ].map((m) => m[1]),
  );

  const landingKB = sumKB(landingScripts);
  const dashboardKB = sumKB(dashboardScripts);
  console.log(`\n(a) initial JavaScript, gzip -9 of the built files`);
  console.log(
    `    entry + modulepreload in index.html: ${staticGraph.size} files, ${sumKB(staticGraph).toFixed(1)} KB`,
  );
  console.log(
    `    landing + login, as requested:       ${landingScripts.size} files, ${landingKB.toFixed(1)} KB ` +
      `(budget <= ${BUDGETS.landingLoginKB} KB): ${verdict(landingKB <= BUDGETS.landingLoginKB)}`,
  );
  console.log(
    `    dashboard (signed in), as requested: ${dashboardScripts.size} files, ${dashboardKB.toFixed(1)} KB ` +
      `(budget <= ${BUDGETS.dashboardKB} KB): ${verdict(dashboardKB <= BUDGETS.dashboardKB)}`,
  );
  const largest = (paths, count = 6) =>
    [...paths]
      .map((p) => [p.replace('/assets/', ''), gzipOf(p) / KB])
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([p, kb]) => `${p} ${kb.toFixed(1)}`)
      .join(', ');
  console.log(`    largest for landing + login (KB): ${largest(landingScripts)}`);
  if (process.env.FIELD_LIST_SCRIPTS) {
    for (const [name, scripts] of [
      ['landing + login', landingScripts],
      ['dashboard', dashboardScripts],
    ]) {
      console.log(`    ${name}, every file (KB): ${largest(scripts, Infinity)}`);
    }
  }

  // ---- (c) usable without JavaScript ------------------------------------------------------------
  // Which rows must be links, and to where: the same rules as fileHref and readerHref in
  // features/content/dashboard/use-content-click.ts (a video to its file, news, Word and
  // same-site audio, documents and PDFs to the in-app reader /library/:id).
  const sitePath = (item) => /^\/(?![/\\])/.test(item.url ?? '');
  const opensFile = (item) =>
    sitePath(item) &&
    item.type !== 'VIMEO' &&
    (['VIDEO', 'AUDIO', 'DOCUMENT', 'PDF'].includes(item.type) ||
      /\.pdf(?:$|[?#])/i.test(item.url));
  const rowHref = (item) => {
    if (item.type === 'NEWS' || (item.type === 'WORD' && sitePath(item)))
      return `/library/${item.id}`;
    if (!opensFile(item)) return null;
    return item.type === 'VIDEO' ? item.url : `/library/${item.id}`;
  };
  const PANELS = [
    ['Watch', 'Choose Video'],
    ['Read', 'Reading'],
    ['Listen', 'Audio'],
  ];

  async function checkWithoutJavaScript() {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    try {
      await signIn(context);
      const content = await context.request.get(`${ORIGIN}/api/dashboard/content`);
      if (!content.ok()) throw new Error(`/api/dashboard/content: ${content.status()}`);
      const items = (await content.json()).filter((item) => item.isActive !== false);
      const page = await context.newPage();
      await page.goto(`${ORIGIN}/dashboard`);
      const greeting = (await page.locator('h1', { hasText: 'Welcome back, ' }).count()) > 0;
      // The page itself: what the browser reads before its first paint (two thirds styles).
      const html = await (await context.request.get(`${ORIGIN}/dashboard`)).text();
      const styles = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].reduce(
        (n, m) => n + m[1].length,
        0,
      );
      const result = {
        greeting,
        panels: [],
        problems: [],
        pageKB: html.length / KB,
        gzipKB: gzipSync(html).length / KB,
        stylesKB: styles / KB,
      };
      if (!greeting) {
        result.problems.push('not server-rendered: no greeting without JavaScript');
        return result;
      }
      const listed = new Set();
      for (const [panel, label] of PANELS) {
        const rows = await page.locator(`ul[aria-label="${label}"] > li`).evaluateAll((lis) =>
          lis.map((li) => {
            const control = li.querySelector('[role="button"], a, button');
            // Without the style elements a server-drawn page keeps beside its markup (Emotion).
            const copy = li.cloneNode(true);
            for (const style of copy.querySelectorAll('style')) style.remove();
            return {
              text: (copy.textContent ?? '').trim(),
              tag: control?.tagName.toLowerCase() ?? null,
              href: control?.getAttribute('href') ?? null,
            };
          }),
        );
        const summary = { panel, rows: rows.length, fileRows: 0, links: 0, answering: 0 };
        for (const row of rows) {
          const item = items.find((i) => row.text.startsWith(i.title));
          if (item) listed.add(item.id);
          const wanted = item ? rowHref(item) : null;
          if (wanted) summary.fileRows += 1;
          if (row.tag === 'a' && row.href) {
            summary.links += 1;
            if (!wanted)
              result.problems.push(
                `${panel}: "${item?.title ?? row.text}" is a link but opens nothing`,
              );
            else if (row.href !== wanted)
              result.problems.push(`${panel}: "${item.title}" links to ${row.href}, not ${wanted}`);
            const answer = await context.request.get(new URL(row.href, ORIGIN).href);
            if (answer.status() === 200) summary.answering += 1;
            else result.problems.push(`${panel}: ${row.href} answered ${answer.status()}`);
          } else if (wanted) {
            result.problems.push(`${panel}: "${item.title}" is not a link to ${wanted}`);
          }
        }
        result.panels.push(summary);
      }
      for (const item of items.filter((i) => rowHref(i) && !listed.has(i.id)))
        result.problems.push(`"${item.title}" (${item.type}) is not on the page`);
      if (!result.panels.some((p) => p.fileRows > 0))
        result.problems.push('no row opens a file: nothing to check');
      await page.close();
      return result;
    } finally {
      await context.close();
    }
  }

  const noJs = await checkWithoutJavaScript();

  // ---- (b) dashboard first view and app ready ----------------------------------------------------
  // Does the built app set data-app-ready at all? If not, "app ready" is n/a and not waited for.
  const assetsDir = path.join(webDist, 'assets');
  const setsAppReady = readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .some((f) => readFileSync(path.join(assetsDir, f), 'utf8').includes('data-app-ready'));

  // Marks, in the page, the first frame where the shell (navigation), the first view and the
  // ready app are on screen. A DOM change only marks the page dirty; the check runs in the next
  // animation frame and reads textContent (innerText would force a layout on every change).
  const marker = () => {
    /* global window, document, MutationObserver, requestAnimationFrame */
    const w = window;
    w.__controlledAtStart = navigator.serviceWorker?.controller != null;
    const check = (at) => {
      if (w.__shellAt === undefined && document.querySelector('nav')) w.__shellAt = at;
      if (w.__appReadyAt === undefined && document.documentElement?.hasAttribute('data-app-ready'))
        w.__appReadyAt = at;
      if (w.__usableAt !== undefined) return;
      const greeting = [...document.querySelectorAll('h1')].some((h) =>
        h.textContent.includes('Welcome back, '),
      );
      if (!greeting) return;
      const watch =
        document.querySelector('ul[aria-label="Choose Video"] > li') ||
        document.querySelector('main')?.textContent.includes('No videos available');
      if (watch) w.__usableAt = at;
    };
    let scheduled = false;
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame((at) => {
        scheduled = false;
        check(at);
      });
    };
    new MutationObserver(schedule).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-app-ready'],
    });
    schedule();
  };

  async function timedLoad(context) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${ORIGIN}/dashboard`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, {
      timeout: 120_000,
      polling: 250,
    });
    if (setsAppReady)
      await page.waitForFunction(() => window.__appReadyAt !== undefined, undefined, {
        timeout: 120_000,
        polling: 250,
      });
    const marks = await page.evaluate(() => ({
      shell: window.__shellAt,
      usable: window.__usableAt,
      ready: window.__appReadyAt,
      controlled: window.__controlledAtStart,
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      ...SLOW_3G,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.close();
    return marks;
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
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    // ...and has kept the dashboard's first view, as it does after a first visit (sw.ts).
    /* global caches, location */
    await page.waitForFunction(
      async () =>
        Boolean(
          await (await caches.open('fieldcraft-first-view')).match(`${location.origin}/dashboard`),
        ),
      undefined,
      { timeout: 60_000, polling: 250 },
    );
    await page.close();
    const repeat = await timedLoad(context);
    if (!repeat.controlled) throw new Error('repeat run was not controlled by the service worker');
    warm.push(repeat);
    await context.close();
  }

  const fmt = (ms) =>
    ms === undefined || Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
  const medianOf = (runs, key) =>
    runs.some((r) => r[key] === undefined) ? undefined : median(runs.map((r) => r[key]));
  const times = (label, runs) => {
    console.log(
      `    ${label.padEnd(21)} first view ${fmt(medianOf(runs, 'usable'))}, app ready ${fmt(medianOf(runs, 'ready'))}, ` +
        `navigation drawn ${fmt(medianOf(runs, 'shell'))}`,
    );
    console.log(
      `    ${''.padEnd(21)} runs: first view ${runs.map((r) => fmt(r.usable)).join(', ')}; ` +
        `app ready ${runs.map((r) => fmt(r.ready)).join(', ')}`,
    );
  };
  console.log(
    `\n(b) dashboard on Slow 3G (${SLOW_3G.latency} ms latency, ${(SLOW_3G.downloadThroughput * 8) / 1000} kbit/s down, ` +
      `${(SLOW_3G.uploadThroughput * 8) / 1000} kbit/s up) + ${CPU_SLOWDOWN}x CPU, median of ${RUNS}`,
  );
  console.log(
    `    first view: greeting "Welcome back, …" + the Watch list on screen; app ready: <html data-app-ready>`,
  );
  if (!setsAppReady) console.log('    (the built app never sets data-app-ready: app ready is n/a)');
  times('cold cache', cold);
  times('service-worker cache', warm);

  console.log('\n(c) usable without JavaScript: /dashboard signed in, JavaScript off');
  console.log(`    greeting (server-drawn first view): ${noJs.greeting ? 'yes' : 'no'}`);
  console.log(
    `    the page: ${noJs.pageKB.toFixed(1)} KB (${noJs.gzipKB.toFixed(1)} KB gzip), of which inline styles ${noJs.stylesKB.toFixed(1)} KB`,
  );
  for (const p of noJs.panels)
    console.log(
      `    ${p.panel.padEnd(7)} ${p.rows} rows, ${p.fileRows} open a file; ${p.links} links, ${p.answering} answering 200`,
    );
  for (const problem of noJs.problems) console.log(`    - ${problem}`);
  const noJsPassed = noJs.problems.length === 0;
  console.log(`    no-JS check: ${noJsPassed ? 'PASS' : 'FAIL'}`);

  console.log('\n(d) dashboard usable = first view within the budget AND the no-JS check passed');
  const usableVerdict = (label, runs, budget) => {
    const firstView = medianOf(runs, 'usable');
    const inTime = firstView <= budget;
    const why = [
      `first view ${fmt(firstView)} ${inTime ? 'within' : 'over'} ${fmt(budget)}`,
      noJsPassed
        ? 'no-JS check passed'
        : `no-JS check failed${noJs.greeting ? '' : ' (not server-rendered)'}`,
    ];
    console.log(`    ${label.padEnd(21)} ${verdict(inTime && noJsPassed)}: ${why.join('; ')}`);
  };
  usableVerdict('cold cache', cold, BUDGETS.coldMs);
  usableVerdict('service-worker cache', warm, BUDGETS.warmMs);
} finally {
  await browser?.close();
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
