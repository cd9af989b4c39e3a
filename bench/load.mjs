// Over 300 lines: one benchmark script (throw-away database, build, server, three load phases,
// the bare-server comparison, report) kept whole so that it runs alone with `node`.
// Load benchmark for the API, on loopback against a throw-away PostgreSQL database.
//
//   node bench/load.mjs                     # the full run: 60 s phases at 100 connections
//   LOAD_SECONDS=10 node bench/load.mjs     # a quick run
//
// Environment: LOAD_SECONDS (60), LOAD_CONNECTIONS (100), LOAD_STORM_CONNECTIONS (16 sign-in
// loops), LOAD_STORM_READ_CONNECTIONS (20 readers, a load the server carries without queueing
// much, so the storm's effect on latency shows), LOAD_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: the server where the
// database fc_load_<pid> is created and dropped), BENCH_PORT, LOAD_SKIP_BUILD=1,
// LOAD_PHASES (mixed,hot,storm: the phases to run), LOAD_API_NODE_ARGS (e.g. "--cpu-prof"),
// LOAD_API_ENV (e.g. "UV_THREADPOOL_SIZE=1": extra API environment, for experiments),
// BARE_LAYERS (add the API's layers to the bare server one by one: see load-bare-server.mjs),
// LOAD_API_MAIN (another build to start), LOAD_STORM_COMPARE (a second build measured in the
// same storm phase, segment by segment; LOAD_STORM_COMPARE_ENV: its extra environment),
// LOAD_STORM_ROUNDS (repeat the storm phase's alone/storm/storm/alone in shorter segments).
//
// It builds and starts the real API (dist/apps/api/main.mjs, SEED_DEMO=1), signs in the owner,
// the demo USER and bench accounts over HTTP, then:
//   1. mixed load: LOAD_SECONDS at LOAD_CONNECTIONS connections, 80 % reads / 20 % writes →
//      errors (must be none), p50/p99 per kind, throughput, the server's RSS at start/middle/end;
//   2. the hot read (GET /api/user/rooms) against a bare Fastify + pg server doing the same SQL
//      (bench/load-bare-server.mjs), same connections, LOAD_SECONDS each, in alternating rounds;
//   3. the hot read alone and during a storm of sign-ins (right and wrong passwords over many
//      bench accounts), in alternating halves → p50/p99 of both and the ratio.
// Ratios are what count: both sides of each are measured in this run on this machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';

const root = path.join(import.meta.dirname, '..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const STORM_CONNECTIONS = Number(process.env.LOAD_STORM_CONNECTIONS ?? 16);
const STORM_READERS = Number(process.env.LOAD_STORM_READ_CONNECTIONS ?? 20);
const STORM_ROUNDS = Math.max(1, Number(process.env.LOAD_STORM_ROUNDS ?? 1));
const PHASES = new Set((process.env.LOAD_PHASES ?? 'mixed,hot,storm').split(','));
const PG_URL = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3800 + Math.floor(Math.random() * 40));
const BARE_PORT = PORT + 50;
const COMPARE_PORT = PORT + 25; // LOAD_STORM_COMPARE's API
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OWNER = { email: 'load-owner@fieldcraft.local', password: 'load-owner-password' };
const DEMO_USER = { email: 'user@fieldcraft.local', password: 'fieldcraft-demo' };
const READERS = 24; // bench USER accounts reading (plus the demo USER)
const STORMERS = 40; // bench accounts the sign-in storm uses
const BENCH_PASSWORD = 'load-bench-password';
const SEARCH_TERMS = ['concrete', 'safety', 'crane', 'report', 'harness', 'formwork', 'signal'];
const MB = 1024 * 1024;

const TARGETS = {
  hotRatio: 0.7, // API requests/s ÷ bare Fastify + pg requests/s
  stormP99Ratio: 2, // hot read p99 during the storm ÷ alone
  memoryGrowth: 0.1, // RSS growth over the second half of the mixed load, of the RSS at its middle
};

console.log(
  '\n== load: mixed traffic, hot read vs bare Fastify + pg, reads during a login storm ==',
);
console.log(
  `${SECONDS} s phases, ${CONNECTIONS} connections; storm: ${STORM_CONNECTIONS} sign-in loops beside ` +
    `${STORM_READERS} readers; ` +
    `node ${process.version}, loopback, PostgreSQL ${PG_URL.replace(/\/[^/]*$/, '/…')}`,
);

// ---- helpers -----------------------------------------------------------------------------------
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) the process has used so far. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Latencies and outcomes of one kind of request. */
class Stats {
  constructor() {
    this.latencies = [];
    this.errors = 0;
    this.samples = [];
  }
  ok(ms) {
    this.latencies.push(ms);
  }
  fail(ms, what) {
    this.latencies.push(ms);
    this.errors++;
    if (this.samples.length < 5) this.samples.push(what);
  }
  get count() {
    return this.latencies.length;
  }
  summary() {
    const s = Float64Array.from(this.latencies).sort();
    return { count: s.length, errors: this.errors, p50: percentile(s, 50), p99: percentile(s, 99) };
  }
}

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')}: ${code}`)),
    );
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited during start`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((r) => child.on('exit', r));
}

/** One HTTP call for setup, with JSON in and out; throws unless the status is `expect`. */
async function call(method, url, { cookie, body, expect = 200 } = {}) {
  const res = await fetch(`${ORIGIN}${url}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      origin: ORIGIN,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('fc_session='));
  return { json: text ? JSON.parse(text) : null, cookie: setCookie?.split(';')[0] };
}

async function signIn({ email, password }) {
  const { cookie, json } = await call('POST', '/api/auth/login', { body: { email, password } });
  if (!cookie) throw new Error(`${email}: no session cookie`);
  return { cookie, id: json.id, email };
}

/**
 * Runs `connections` loops for `ms`: each takes its next request from `next(i)` — a
 * {kind, method, path, cookie, body?, expect} — sends it over `pool` and records it; stops early
 * after `limit` answers (exact with one connection).
 */
async function drive(pool, connections, ms, next, stats, limit = Infinity) {
  const deadline = performance.now() + ms;
  let sent = 0;
  const loop = async (i) => {
    while (performance.now() < deadline && sent < limit) {
      const r = next(i);
      const s = (stats[r.kind] ??= new Stats());
      const t0 = performance.now();
      try {
        const res = await pool.request({
          method: r.method,
          path: r.path,
          headers: {
            ...(r.cookie ? { cookie: r.cookie } : {}),
            origin: ORIGIN,
            ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
        });
        const text = await res.body.text();
        const ms = performance.now() - t0;
        const expected = Array.isArray(r.expect) ? r.expect : [r.expect ?? 200];
        if (expected.includes(res.statusCode)) {
          s.ok(ms);
          r.done?.(text);
        } else {
          s.fail(ms, `${r.method} ${r.path} → ${res.statusCode} ${text.slice(0, 200)}`);
        }
      } catch (err) {
        s.fail(performance.now() - t0, `${r.method} ${r.path} → ${err.code ?? ''} ${err.message}`);
      }
      sent++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  return { sent, seconds: (performance.now() - started) / 1000 };
}

/** Transactions committed in the bench database so far (one per statement outside BEGIN). */
async function transactions() {
  const { rows } = await admin.query(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [dbName],
  );
  return Number(rows[0].n);
}

/** The transaction count after every backend has published its own (idle backends wait up to
 * 10 s: PostgreSQL's PGSTAT_IDLE_INTERVAL). */
async function settledTransactions() {
  await sleep(11_000);
  return transactions();
}

const newPool = (port, connections) =>
  new Pool(`http://127.0.0.1:${port}`, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '—');
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '—');

// ---- build, database, servers -----------------------------------------------------------------
// The Nx target also copies the demo files the seed reads (cached when nothing changed).
if (process.env.LOAD_SKIP_BUILD !== '1') {
  await run('npx', ['nx', 'run', 'api:build', '--output-style=static'], { NX_DAEMON: 'false' });
}

const dbName = `fc_load_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${dbName}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-load-'));
let api;
let bare;
let compareApi;
let compareEnv;
let startApi;
const results = [];
try {
  // LOAD_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the API under load.
  const nodeArgs = (process.env.LOAD_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // LOAD_API_ENV, e.g. "UV_THREADPOOL_SIZE=1": extra environment for the API (experiments).
  const parseEnv = (text) =>
    Object.fromEntries(
      (text ?? '')
        .split(' ')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
  const apiEnv = parseEnv(process.env.LOAD_API_ENV);
  // LOAD_STORM_COMPARE_ENV: environment added to LOAD_STORM_COMPARE's API only.
  compareEnv = parseEnv(process.env.LOAD_STORM_COMPARE_ENV);
  if (Object.keys(apiEnv).length) console.log(`API environment added: ${process.env.LOAD_API_ENV}`);
  // LOAD_API_MAIN: another build of the API to start instead of dist/apps/api.
  const apiMain = process.env.LOAD_API_MAIN ?? 'dist/apps/api/main.mjs';
  if (process.env.LOAD_API_MAIN) console.log(`API: ${apiMain}`);
  startApi = (main, port, moreEnv = {}) =>
    spawn(process.execPath, [...nodeArgs, main], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.href,
        DATABASE_SCHEMA: '',
        DATA_DIR: dataDir,
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        SEED_DEMO: '1',
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        // The bench sends Origin: ORIGIN to every API it starts.
        TRUSTED_ORIGINS: ORIGIN,
        // The storm signs in with wrong passwords thousands of times from one address: the
        // throttle still runs (its queries are part of the cost) but never locks the bench out.
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
        ...apiEnv,
        ...moreEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  api = startApi(apiMain, PORT);
  await waitFor(`${ORIGIN}/api/health`, api);

  // ---- accounts, rooms, content ----------------------------------------------------------------
  const owner = await signIn(OWNER);
  const demoUser = await signIn(DEMO_USER);
  const demoRooms = (await call('GET', '/api/user/rooms', { cookie: demoUser.cookie })).json;
  const content = (await call('GET', '/api/dashboard/content', { cookie: demoUser.cookie })).json;
  if (demoRooms.length === 0 || content.length === 0) throw new Error('demo data missing');

  async function createAccount(prefix, i) {
    const created = await call('POST', '/api/users', {
      cookie: owner.cookie,
      expect: 201,
      body: {
        email: `${prefix}${i}@load.fieldcraft.local`,
        username: `${prefix}${i}`,
        password: BENCH_PASSWORD,
        firstName: 'Load',
        lastName: `${prefix} ${i}`,
        role: 'USER',
        status: 'ACTIVE',
      },
    });
    // An owner-created account must change its password first; the owner lifts that here.
    await call('PATCH', `/api/users/${created.json.id}`, {
      cookie: owner.cookie,
      body: { passwordChangeRequired: false },
    });
    return { id: created.json.id, email: `${prefix}${i}@load.fieldcraft.local` };
  }
  const readerAccounts = [];
  for (let i = 0; i < READERS; i++) {
    const acc = await createAccount('reader', i);
    for (const room of demoRooms) {
      await call('POST', `/api/owner/rooms/${room.id}/users`, {
        cookie: owner.cookie,
        body: { userId: acc.id },
      });
    }
    readerAccounts.push(acc);
  }
  const stormAccounts = [];
  for (let i = 0; i < STORMERS; i++) stormAccounts.push(await createAccount('storm', i));
  const readers = [demoUser];
  for (const acc of readerAccounts) {
    readers.push(await signIn({ email: acc.email, password: BENCH_PASSWORD }));
  }
  // Rooms the owner pauses and resumes during the mixed load (never deleted).
  const toggled = [];
  for (let i = 0; i < 8; i++) {
    toggled.push(
      (
        await call('POST', '/api/test-rooms', {
          cookie: owner.cookie,
          expect: 201,
          body: { name: `Load toggle ${i}` },
        })
      ).json.id,
    );
  }
  console.log(
    `setup: ${readers.length} signed-in readers (demo USER + ${READERS} bench users, ` +
      `${demoRooms.length} rooms each), ${STORMERS} storm accounts, ${content.length} content items`,
  );

  // The hot read: the rooms list, the first call of every signed-in page of the web app.
  const hotRead = (i) => ({
    kind: 'hot',
    method: 'GET',
    path: '/api/user/rooms',
    cookie: readers[i % readers.length].cookie,
  });

  // ---- 1. mixed load -----------------------------------------------------------------------------
  if (PHASES.has('mixed')) {
    const contentIds = content.map((c) => c.id);
    const created = [];
    let createdSeq = 0;
    let toggleSeq = 0;
    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    const mix = [
      [
        30,
        (u) => ({
          kind: 'GET /api/user/rooms',
          method: 'GET',
          path: '/api/user/rooms',
          cookie: u.cookie,
        }),
      ],
      [
        20,
        (u) => ({
          kind: 'GET /api/dashboard/content',
          method: 'GET',
          path: '/api/dashboard/content',
          cookie: u.cookie,
        }),
      ],
      [
        15,
        (u) => ({
          kind: 'GET /api/user/dashboard',
          method: 'GET',
          path: '/api/user/dashboard',
          cookie: u.cookie,
        }),
      ],
      [
        15,
        (u) => ({
          kind: 'GET /api/content/search',
          method: 'GET',
          path: `/api/content/search?q=${pick(SEARCH_TERMS)}`,
          cookie: u.cookie,
        }),
      ],
      [
        12,
        (u) => ({
          kind: 'POST /api/content/{id}/access',
          method: 'POST',
          path: `/api/content/${pick(contentIds)}/access`,
          cookie: u.cookie,
          expect: 204,
        }),
      ],
      [
        3,
        () => ({
          kind: 'POST /api/test-rooms (owner)',
          method: 'POST',
          path: '/api/test-rooms',
          cookie: owner.cookie,
          body: { name: `Load room ${++createdSeq}` },
          expect: 201,
          done: (t) => created.push(JSON.parse(t).id),
        }),
      ],
      [
        3,
        () => ({
          kind: 'PATCH /api/test-rooms/{id}/status (owner)',
          method: 'PATCH',
          path: `/api/test-rooms/${toggled[toggleSeq % toggled.length]}/status`,
          cookie: owner.cookie,
          body: { status: ++toggleSeq % 2 ? 'PAUSED' : 'LIVE' },
        }),
      ],
      [
        2,
        () => {
          const id = created.shift();
          return id === undefined
            ? {
                kind: 'POST /api/test-rooms (owner)',
                method: 'POST',
                path: '/api/test-rooms',
                cookie: owner.cookie,
                body: { name: `Load room ${++createdSeq}` },
                expect: 201,
                done: (t) => created.push(JSON.parse(t).id),
              }
            : {
                kind: 'DELETE /api/test-rooms/{id} (owner)',
                method: 'DELETE',
                path: `/api/test-rooms/${id}`,
                cookie: owner.cookie,
              };
        },
      ],
    ];
    const totalWeight = mix.reduce((a, [w]) => a + w, 0);
    const nextMixed = (i) => {
      let r = Math.random() * totalWeight;
      for (const [w, make] of mix) {
        if ((r -= w) < 0) return make(readers[i % readers.length]);
      }
      return mix[0][1](readers[i % readers.length]);
    };

    const mixedStats = {};
    const pool1 = newPool(PORT, CONNECTIONS);
    await drive(pool1, CONNECTIONS, 2000, nextMixed, {}); // warm-up, not counted
    const rss = { start: rssOf(api.pid), mid: null, end: null, peak: 0 };
    const sampler = setInterval(() => {
      const r = rssOf(api.pid);
      if (r !== null && r > rss.peak) rss.peak = r;
    }, 250);
    const midTimer = setTimeout(() => (rss.mid = rssOf(api.pid)), (SECONDS * 1000) / 2);
    const mixed = await drive(pool1, CONNECTIONS, SECONDS * 1000, nextMixed, mixedStats);
    rss.end = rssOf(api.pid);
    clearInterval(sampler);
    clearTimeout(midTimer);
    await pool1.close();

    console.log(`\n1. mixed load: ${SECONDS} s, ${CONNECTIONS} connections`);
    console.log(
      `${'request'.padEnd(44)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
    );
    let mixedErrors = 0;
    let mixedWrites = 0;
    for (const [kind, s] of Object.entries(mixedStats)) {
      const { count, errors, p50, p99 } = s.summary();
      mixedErrors += errors;
      if (!kind.startsWith('GET')) mixedWrites += count;
      console.log(
        `${kind.padEnd(44)}${String(count).padStart(8)}${String(errors).padStart(8)}${f1(p50).padStart(9)}${f1(p99).padStart(9)}`,
      );
    }
    const all = new Stats();
    for (const s of Object.values(mixedStats)) all.latencies.push(...s.latencies);
    const allSummary = all.summary();
    console.log(
      `${'all'.padEnd(44)}${String(allSummary.count).padStart(8)}${String(mixedErrors).padStart(8)}` +
        `${f1(allSummary.p50).padStart(9)}${f1(allSummary.p99).padStart(9)}`,
    );
    console.log(
      `throughput ${f0(mixed.sent / mixed.seconds)} requests/s ` +
        `(${f0(mixedWrites / mixed.seconds)} writes/s, ${((100 * mixedWrites) / mixed.sent).toFixed(0)} % writes)`,
    );
    for (const [kind, s] of Object.entries(mixedStats)) {
      for (const sample of s.samples) console.log(`  error (${kind}): ${sample}`);
    }
    const growthHalf = rss.end - rss.mid;
    console.log(
      `server RSS: start ${f0(rss.start / MB)} MB, middle ${f0(rss.mid / MB)} MB, end ${f0(rss.end / MB)} MB, ` +
        `peak ${f0(rss.peak / MB)} MB; growth start→end ${f1((rss.end - rss.start) / MB)} MB, ` +
        `middle→end ${f1(growthHalf / MB)} MB (${f1((100 * growthHalf) / rss.mid)} %)`,
    );
    results.push(
      ['mixed load: errors', `${mixedErrors} of ${mixed.sent}`, '0', mixedErrors === 0],
      [
        'mixed load: throughput',
        `${f0(mixed.sent / mixed.seconds)} req/s, p50 ${f1(allSummary.p50)} / p99 ${f1(allSummary.p99)} ms`,
        'printed',
        null,
      ],
      [
        'mixed load: RSS growth, 2nd half',
        `${f1(growthHalf / MB)} MB (${f1((100 * growthHalf) / rss.mid)} %)`,
        `≤ ${TARGETS.memoryGrowth * 100} % of middle${SECONDS < 30 ? ' (≥ 30 s runs)' : ''}`,
        // A shorter run is still warming up (JIT, pools, caches) in its second half.
        SECONDS < 30 ? null : growthHalf <= TARGETS.memoryGrowth * rss.mid,
      ],
    );
  }

  // ---- 2. hot read vs bare Fastify + pg ------------------------------------------------------------
  if (PHASES.has('hot')) {
    bare = spawn(process.execPath, [path.join(import.meta.dirname, 'load-bare-server.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(BARE_PORT), DATABASE_URL: dbUrl.href },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor(`http://127.0.0.1:${BARE_PORT}/api/user/rooms`, bare);
    // Same answer from both, for every reader, or the comparison means nothing.
    for (const u of readers) {
      const [a, b] = await Promise.all(
        [PORT, BARE_PORT].map((port) =>
          fetch(`http://127.0.0.1:${port}/api/user/rooms`, { headers: { cookie: u.cookie } }).then(
            (r) => r.json(),
          ),
        ),
      );
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        throw new Error(
          `API and bare server disagree for ${u.email}:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
        );
      }
    }
    const apiPool = newPool(PORT, CONNECTIONS);
    const barePool = newPool(BARE_PORT, CONNECTIONS);
    await drive(apiPool, CONNECTIONS, 2000, hotRead, {});
    await drive(barePool, CONNECTIONS, 2000, hotRead, {});
    // Alternating rounds (API, bare, bare, API, API, bare), so a change in the machine's load hits
    // both alike; each side gets SECONDS in total.
    const ROUNDS = 3;
    const side = {
      api: { sent: 0, seconds: 0, cpu: 0, statements: NaN, pid: api.pid, stats: {} },
      bare: { sent: 0, seconds: 0, cpu: 0, statements: NaN, pid: bare.pid, stats: {} },
    };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
      for (const name of order) {
        const cpu0 = cpuOf(side[name].pid);
        const res = await drive(
          name === 'api' ? apiPool : barePool,
          CONNECTIONS,
          (SECONDS * 1000) / ROUNDS,
          hotRead,
          side[name].stats,
        );
        side[name].cpu += cpuOf(side[name].pid) - cpu0;
        side[name].sent += res.sent;
        side[name].seconds += res.seconds;
      }
    }
    // SQL statements per request, counted apart: 100 requests one at a time, then the database's
    // transaction count once every backend has published it.
    let before = await settledTransactions();
    for (const name of ['api', 'bare']) {
      await drive(name === 'api' ? apiPool : barePool, 1, 60_000, hotRead, {}, 100);
      const after = await settledTransactions();
      side[name].statements = (after - before) / 100;
      before = after;
    }
    await apiPool.close();
    await barePool.close();
    await stop(bare);
    bare = undefined;
    const rate = (s) => s.sent / s.seconds;
    const bareLabel = `bare Fastify + pg${process.env.BARE_LAYERS ? ` + ${process.env.BARE_LAYERS}` : ''}`;
    const hotRatio = rate(side.api) / rate(side.bare);
    console.log(
      `\n2. hot read GET /api/user/rooms: ${CONNECTIONS} connections, ${SECONDS} s each side, ${ROUNDS} alternating rounds`,
    );
    for (const name of ['api', 'bare']) {
      const { count, errors, p50, p99 } = side[name].stats.hot.summary();
      console.log(
        `${(name === 'api' ? 'Fieldcraft API' : bareLabel).padEnd(20)} ${f0(rate(side[name])).padStart(7)} requests/s  ` +
          `p50 ${f1(p50)} ms  p99 ${f1(p99)} ms  server CPU ${f2((1000 * side[name].cpu) / side[name].sent)} ms/request  ` +
          `SQL ${f1(side[name].statements)} statements/request  ` +
          `(${count} requests, ${errors} errors)`,
      );
      for (const sample of side[name].stats.hot.samples) console.log(`  error: ${sample}`);
    }
    console.log(
      `ratio ${f2(hotRatio)} of the bare route's requests/s (target ≥ ${TARGETS.hotRatio})`,
    );
    const hotErrors = side.api.stats.hot.errors + side.bare.stats.hot.errors;
    results.push([
      'hot read ÷ bare Fastify + pg (req/s)',
      `${f2(hotRatio)} (${f0(rate(side.api))} vs ${f0(rate(side.bare))})${hotErrors ? `, ${hotErrors} errors` : ''}`,
      `≥ ${TARGETS.hotRatio}`,
      hotRatio >= TARGETS.hotRatio && hotErrors === 0,
    ]);
  }

  // ---- 3. reads during a login storm ------------------------------------------------------------
  if (PHASES.has('storm')) {
    const stormSeconds = Math.max(5, SECONDS / 2);
    const readConnections = STORM_READERS;
    let stormSeq = 0;
    const signInRequest = () => {
      const n = stormSeq++;
      const acc = stormAccounts[n % stormAccounts.length];
      const right = n % 2 === 0;
      return {
        kind: right ? 'sign-in, right password' : 'sign-in, wrong password',
        method: 'POST',
        path: '/api/auth/login',
        body: { email: acc.email, password: right ? BENCH_PASSWORD : 'not-the-password' },
        expect: right ? 200 : 401,
      };
    };
    const add = (total, run) => {
      total.sent += run.sent;
      total.seconds += run.seconds;
    };
    // The API under test, and with LOAD_STORM_COMPARE a second build of it (started now, on
    // the same database) measured in the same run, segment by segment, so the machine's
    // load hits both alike.
    const targets = [{ name: 'this build', port: PORT }];
    if (process.env.LOAD_STORM_COMPARE) {
      compareApi = startApi(process.env.LOAD_STORM_COMPARE, COMPARE_PORT, compareEnv);
      await waitFor(`http://127.0.0.1:${COMPARE_PORT}/api/health`, compareApi);
      const name = [process.env.LOAD_STORM_COMPARE, process.env.LOAD_STORM_COMPARE_ENV];
      targets.push({ name: name.filter(Boolean).join(' '), port: COMPARE_PORT });
    }
    for (const t of targets) {
      t.readPool = newPool(t.port, readConnections);
      t.stormPool = newPool(t.port, STORM_CONNECTIONS);
      t.alone = {};
      t.during = {};
      t.stormStats = {};
      t.aloneRun = { sent: 0, seconds: 0 };
      t.duringRun = { sent: 0, seconds: 0 };
      t.stormRun = { sent: 0, seconds: 0 };
      await drive(t.readPool, readConnections, 2000, hotRead, {});
    }
    // Alternating halves (alone, storm, storm, alone), as the hot-read rounds: a change in the
    // machine's load during the phase hits both sides alike instead of one. LOAD_STORM_ROUNDS
    // repeats that in shorter segments; each side gets stormSeconds in all. With two builds,
    // each segment is run for both, in the order A B, B A, A B, …
    const segmentMs = (stormSeconds * 1000) / (2 * STORM_ROUNDS);
    let flip = false;
    for (let round = 0; round < STORM_ROUNDS; round++) {
      for (const segment of ['alone', 'storm', 'storm', 'alone']) {
        for (const t of flip ? [...targets].reverse() : targets) {
          if (segment === 'alone') {
            add(t.aloneRun, await drive(t.readPool, readConnections, segmentMs, hotRead, t.alone));
            continue;
          }
          const [reads, signIns] = await Promise.all([
            drive(t.readPool, readConnections, segmentMs, hotRead, t.during),
            drive(t.stormPool, STORM_CONNECTIONS, segmentMs, signInRequest, t.stormStats),
          ]);
          add(t.duringRun, reads);
          add(t.stormRun, signIns);
        }
        flip = !flip;
      }
    }
    console.log(
      `\n3. hot read during a login storm: ${readConnections} read connections, ${stormSeconds} s alone and ` +
        `${stormSeconds} s beside ${STORM_CONNECTIONS} sign-in loops over ${STORMERS} accounts (half wrong passwords), ` +
        `alternating (alone, storm, storm, alone${STORM_ROUNDS > 1 ? ` × ${STORM_ROUNDS}` : ''})` +
        (targets.length > 1 ? `; two builds, segment by segment` : ''),
    );
    for (const t of targets) {
      await t.readPool.close();
      await t.stormPool.close();
      const a = t.alone.hot.summary();
      const d = t.during.hot.summary();
      const p99Ratio = d.p99 / a.p99;
      if (targets.length > 1) console.log(`${t === targets[0] ? 'A' : 'B'}: ${t.name}`);
      console.log(
        `alone        ${f0(t.aloneRun.sent / t.aloneRun.seconds).padStart(6)} reads/s  p50 ${f1(a.p50)} ms  p99 ${f1(a.p99)} ms  (${a.errors} errors)`,
      );
      console.log(
        `during storm ${f0(t.duringRun.sent / t.duringRun.seconds).padStart(6)} reads/s  p50 ${f1(d.p50)} ms  p99 ${f1(d.p99)} ms  (${d.errors} errors)`,
      );
      let stormErrors = 0;
      for (const [kind, s] of Object.entries(t.stormStats)) {
        const { count, errors, p50, p99 } = s.summary();
        stormErrors += errors;
        console.log(
          `  ${kind.padEnd(24)} ${f1(count / t.stormRun.seconds).padStart(6)}/s  p50 ${f1(p50)} ms  p99 ${f1(p99)} ms  (${errors} unexpected answers)`,
        );
        for (const sample of s.samples) console.log(`    ${sample}`);
      }
      for (const sample of [...t.alone.hot.samples, ...t.during.hot.samples])
        console.log(`  read error: ${sample}`);
      console.log(
        `ratio during/alone: p50 ${f2(d.p50 / a.p50)}x, p99 ${f2(p99Ratio)}x (target p99 ≤ ${TARGETS.stormP99Ratio}x)`,
      );
      const of = t === targets[0] ? '' : ' (B)';
      results.push(
        [
          `hot read p99 during storm ÷ alone${of}`,
          `${f2(p99Ratio)}x (${f1(d.p99)} vs ${f1(a.p99)} ms; p50 ${f2(d.p50 / a.p50)}x)`,
          `≤ ${TARGETS.stormP99Ratio}x`,
          p99Ratio <= TARGETS.stormP99Ratio && a.errors + d.errors === 0,
        ],
        [`login storm: unexpected answers${of}`, String(stormErrors), '0', stormErrors === 0],
      );
    }
  }

  // ---- table ------------------------------------------------------------------------------------
  console.log('\nload summary');
  console.log(`${'measure'.padEnd(38)}${'result'.padEnd(48)}${'target'.padEnd(32)}verdict`);
  for (const [name, value, target, ok] of results) {
    console.log(
      `${name.padEnd(38)}${value.padEnd(48)}${target.padEnd(32)}${ok === null ? '—' : ok ? 'PASS' : 'MISS'}`,
    );
  }
} finally {
  await stop(bare);
  await stop(compareApi);
  await stop(api);
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
