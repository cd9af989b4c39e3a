// Over 300 lines: one plain-Node script run alone by npm test (install, start, four checks,
// cleanup on every exit path).
// The production install must start. Without a container engine, does what the
// Dockerfile's runtime stage does: an empty folder with only the built app (dist/apps/api,
// dist/apps/web, dist/apps/web-ssr) and package.json + package-lock.json, then
// `npm ci --omit=dev --ignore-scripts`, then `node dist/apps/api/main.mjs` (embedded PGlite
// under the folder). It checks GET /api/health, an OWNER sign-in (the session cookie; argon2's
// prebuilt binary), the web app's page and the dashboard's server-drawn first view, and one
// conversation on the voice socket (signed URL, initiation frame, then
// conversation_initiation_metadata). Stops the server and removes the folder either way.
// Needs the build first (npx nx run-many -t build). Run by `npm test` after the build step.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const INSTALL_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 15_000;
const OWNER_EMAIL = 'owner@fieldcraft.local';
const OWNER_PASSWORD = 'production-install-check';

const started = Date.now();
const seconds = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[production-install] ${message}`);

let folder = null;
let installer = null;
let server = null;
let serverLog = '';

class CheckFailed extends Error {}
const fail = (message) => {
  throw new CheckFailed(message);
};

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

/** A node_modules above the folder would let a missing package resolve anyway. */
function strayNodeModules(dir) {
  for (let at = dirname(dir); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) return join(at, 'node_modules');
    if (dirname(at) === at) return null;
  }
}

function prepareFolder() {
  for (const built of ['dist/apps/api/main.mjs', 'dist/apps/web/index.html']) {
    if (!existsSync(join(root, built))) {
      fail(`${built} is missing: build first (npx nx run-many -t build -p api web)`);
    }
  }
  folder = mkdtempSync(join(tmpdir(), 'fieldcraft-production-'));
  const stray = strayNodeModules(folder);
  if (stray) fail(`${stray} exists above ${folder}: it would hide a missing package`);
  for (const file of ['package.json', 'package-lock.json']) {
    cpSync(join(root, file), join(folder, file));
  }
  // What the image's build stage leaves in dist/apps; web-ssr (the first view's renderer,
  // loaded by the API at run time) comes with the web build.
  for (const dir of ['dist/apps/api', 'dist/apps/web', 'dist/apps/web-ssr']) {
    if (existsSync(join(root, dir)))
      cpSync(join(root, dir), join(folder, dir), { recursive: true });
  }
}

/**
 * The server's environment: what the image sets, nothing inherited that could reach the repo's
 * install or another database (NODE_PATH, NODE_OPTIONS, DATABASE_URL, ...).
 */
function serverEnv(extra) {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env = {};
  for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, NODE_ENV: 'production', ...extra };
}

async function install() {
  const from = Date.now();
  // The Dockerfile's runtime install, word for word; --prefer-offline reuses npm's cache.
  const args = ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'];
  say(`npm ${args.join(' ')} (in ${folder})`);
  // Asynchronous, so a Ctrl-C or a timeout still runs the clean-up (and stops npm too).
  installer = spawn('npm', [...args, '--prefer-offline', '--loglevel=error'], {
    cwd: folder,
    // npm's own settings (registry, proxy, cache) as the caller has them.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  installer.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  installer.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => installer.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
  const outcome = await new Promise((resolve) => {
    installer.once('error', (err) => resolve(err.message));
    installer.once('close', (code, signal) => resolve(signal ?? code));
  });
  clearTimeout(timer);
  installer = null;
  if (outcome !== 0) {
    process.stderr.write(output);
    const why = outcome === 'SIGKILL' ? `no end within ${INSTALL_TIMEOUT_MS / 1000} s` : outcome;
    fail(`npm ci --omit=dev failed (${typeof why === 'number' ? `exit ${why}` : why})`);
  }
  say(`installed in ${seconds(from)}`);
}

function startServer(port) {
  say(`starting node dist/apps/api/main.mjs on port ${port}`);
  server = spawn('node', ['dist/apps/api/main.mjs'], {
    cwd: folder,
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      WEB_DIST_DIR: join(folder, 'dist/apps/web'),
      OWNER_EMAIL,
      OWNER_PASSWORD,
      SPEECH_PRELOAD: '0',
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    serverLog += chunk;
    if (serverLog.length > 200_000) serverLog = serverLog.slice(-100_000);
  };
  server.stdout.setEncoding('utf8').on('data', keep);
  server.stderr.setEncoding('utf8').on('data', keep);
  server.exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
}

async function request(base, path, { method = 'GET', cookie, body } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (the web app's page)
  }
  return { status: response.status, headers: response.headers, text, json };
}

async function waitForHealth(base) {
  const from = Date.now();
  let last = 'no answer';
  while (Date.now() - from < START_TIMEOUT_MS) {
    const outcome = await Promise.race([
      server.exited.then((how) => ({ exited: how })),
      request(base, '/api/health').catch((err) => ({ error: err.cause?.code ?? err.message })),
      new Promise((resolve) => setTimeout(() => resolve({ wait: true }), 5_000)),
    ]);
    if (outcome.exited) fail(`the server stopped before answering (${outcome.exited})`);
    if (outcome.status === 200 && outcome.json?.status === 'ok') {
      say(`GET /api/health: ok after ${seconds(from)}`);
      return;
    }
    last = outcome.error ?? (outcome.status ? `${outcome.status} ${outcome.text}` : last);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`GET /api/health did not answer ok within ${START_TIMEOUT_MS / 1000} s (last: ${last})`);
}

async function signIn(base) {
  const login = await request(base, '/api/auth/login', {
    method: 'POST',
    body: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
  });
  if (login.status !== 200) fail(`POST /api/auth/login: ${login.status} ${login.text}`);
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('fc_session='));
  if (!session || session === 'fc_session=') fail('POST /api/auth/login set no fc_session cookie');
  const me = await request(base, '/api/auth/user', { cookie: session });
  if (me.status !== 200 || me.json?.email !== OWNER_EMAIL) {
    fail(`GET /api/auth/user with the cookie: ${me.status} ${me.text}`);
  }
  say(`POST /api/auth/login: signed in as ${me.json.email} (${me.json.role}), fc_session cookie`);
  return session;
}

async function checkWebApp(base, cookie) {
  const page = await request(base, '/login');
  if (page.status !== 200 || !/<div id="root"|<script/i.test(page.text)) {
    fail(`GET /login (the web app): ${page.status} ${page.text.slice(0, 200)}`);
  }
  say('GET /login: the web app is served');
  if (!existsSync(join(folder, 'dist/apps/web-ssr/entry-server.mjs'))) return;
  // Signed in, the dashboard's first view is drawn on the server by dist/apps/web-ssr.
  const dashboard = await request(base, '/dashboard', { cookie });
  if (
    dashboard.status !== 200 ||
    dashboard.text.includes('<div id="root"></div>') ||
    dashboard.headers.get('x-fieldcraft-first-view') === 'unavailable'
  ) {
    fail(`GET /dashboard: no first view (${dashboard.status}); see the server's log`);
  }
  say('GET /dashboard: the first view is drawn on the server');
}

async function openConversation(base, cookie) {
  const room = await request(base, '/api/owner/rooms', {
    method: 'POST',
    cookie,
    body: { name: 'Production install check', agentId: 'field-advisor', status: 'LIVE' },
  });
  if (room.status !== 201) fail(`POST /api/owner/rooms: ${room.status} ${room.text}`);
  // The web client's way in: a single-use signed URL for the room's agent.
  const signed = await request(base, `/api/voice/rooms/${room.json.id}/signed-url`, { cookie });
  if (signed.status !== 200 || !signed.json?.signedUrl) {
    fail(`GET /api/voice/rooms/${room.json.id}/signed-url: ${signed.status} ${signed.text}`);
  }
  // The checker's own client, from the repo's node_modules (Node 20 has no global WebSocket
  // without a flag) — never from the folder under test.
  const WebSocketClass = globalThis.WebSocket ?? (await import('ws')).WebSocket;
  const url = `${signed.json.signedUrl}&source=js_sdk&version=production-check`;
  const metadata = await new Promise((resolve, reject) => {
    const socket = new WebSocketClass(url, ['convai']);
    const timer = setTimeout(() => {
      socket.close();
      reject(new CheckFailed('no conversation_initiation_metadata within 15 s'));
    }, STEP_TIMEOUT_MS);
    const done = (error, value) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(value);
    };
    socket.addEventListener('open', () => {
      socket.send(
        JSON.stringify({
          type: 'conversation_initiation_client_data',
          conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } },
          source_info: { source: 'js_sdk', version: 'production-check' },
        }),
      );
    });
    socket.addEventListener('message', (event) => {
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        done(new CheckFailed(`the first frame is not JSON: ${String(event.data).slice(0, 200)}`));
        return;
      }
      if (frame.type !== 'conversation_initiation_metadata') {
        done(new CheckFailed(`the first frame is ${JSON.stringify(frame).slice(0, 300)}`));
        return;
      }
      done(null, frame.conversation_initiation_metadata_event);
    });
    socket.addEventListener('close', (event) =>
      done(new CheckFailed(`the socket closed first: ${event.code} ${event.reason}`)),
    );
    socket.addEventListener('error', (event) =>
      done(new CheckFailed(`socket error: ${event.message ?? event.error?.message ?? 'unknown'}`)),
    );
  });
  if (!metadata?.conversation_id) fail('conversation_initiation_metadata has no conversation_id');
  say(`voice socket: conversation_initiation_metadata (${metadata.conversation_id})`);
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const stopped = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  if (stopped === null) {
    say('the server did not stop within 10 s of SIGTERM: killing it');
    server.kill('SIGKILL');
    await server.exited;
  }
}

function cleanUp() {
  if (installer && installer.exitCode === null) installer.kill('SIGKILL');
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
}
process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

let code = 0;
try {
  prepareFolder();
  await install();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  startServer(port);
  await waitForHealth(base);
  const cookie = await signIn(base);
  await checkWebApp(base, cookie);
  await openConversation(base, cookie);
  const stopping = Date.now();
  await stopServer();
  say(`the server stopped on SIGTERM in ${seconds(stopping)}`);
} catch (err) {
  code = 1;
  console.error(`[production-install] FAILED: ${err instanceof CheckFailed ? err.message : err}`);
  if (!(err instanceof CheckFailed)) console.error(err);
  if (serverLog) {
    console.error('[production-install] the server said:');
    console.error(serverLog.trimEnd().replace(/^/gm, '  | '));
  }
} finally {
  await stopServer().catch(() => {});
  const removing = Date.now();
  cleanUp();
  say(`removed the folder in ${seconds(removing)}`);
}
say(code === 0 ? `ok in ${seconds()}` : `FAILED after ${seconds()}`);
process.exit(code);
