// Over 300 lines: a script that runs alone with `node`: the server's start, the socket driver,
// the measurements and the report.
// Voice runtime benchmark: the conversation socket of the built API.
//
// Builds the API, starts it on a spare loopback port (pinned to two cores with taskset when
// the machine has more) with SEED_DEMO=1 — its PDF, Word and text documents are the library —
// signs in as the demo user and, through signed URLs and plain `ws` clients:
// 1. latency: ≥100 typed questions in a text-only session (user_message → agent_response) and
//    ≥100 in a voice session (→ agent_response and → first audio chunk), p50/p95;
// 2. capacity: N voice sessions asking at once, N ramped up until the audio of a turn takes
//    longer to arrive than it lasts when played (arrival span > playback duration).
// Targets: p95 text ≤ 100 ms, p95 first audio ≤ 250 ms, 20 concurrent sessions.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { measureSpoken } from './hearing/spoken.mjs';

const root = path.join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_VOICE_PORT ?? 3790 + Math.floor(Math.random() * 30));
const HTTP = `http://127.0.0.1:${PORT}`;
const TURNS = Number(process.env.BENCH_VOICE_TURNS ?? 100);
// BENCH_VOICE_SPOKEN_ONLY=1: only the spoken-question latencies (bench/hearing/spoken.mjs).
const SPOKEN_ONLY = process.env.BENCH_VOICE_SPOKEN_ONLY === '1';
const LEVELS = [1, 2, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80];
const QUESTIONS = [
  'How deep can a trench be before it needs shoring?',
  'What angle should a ladder be at?',
  'When do I need a full body harness?',
  'What PPE do I need on site?',
  'How long do we keep the slab wet after the pour?',
  'What should I check before the pour?',
  'Can I stand under a crane load?',
  'Who do I submit the daily report to?',
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

console.log('\n== voice runtime (conversation socket) ==');
// The api build target: the bundle plus the demo documents and the speech engines' assets.
await new Promise((resolve, reject) => {
  const b = spawn('npx', ['nx', 'run', 'api:build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  b.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('api build failed'))));
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-bench-voice-'));
const pin =
  cpus().length > 2 && spawnSync('taskset', ['-V']).status === 0 ? ['taskset', '-c', '0,1'] : [];
const [cmd, ...args] = [...pin, process.execPath, 'dist/apps/api/main.mjs'];
const child = spawn(cmd, args, {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // BENCH_VOICE_DATABASE_URL: a PostgreSQL database of its own (PGlite's start can exceed
    // Fastify's plugin timeout on a heavily loaded machine).
    DATABASE_URL: process.env.BENCH_VOICE_DATABASE_URL ?? '',
    OWNER_PASSWORD: 'bench-owner-password',
    WEB_DIST_DIR: '',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: '',
    VOICE_MAX_SESSIONS_PER_USER: '500',
    VOICE_MAX_SESSIONS: '500',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the API exited during start');
    try {
      if ((await fetch(`${HTTP}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the API did not become healthy');
}

/** A session: every frame with its arrival time; pings answered. */
async function openSession(cookie, roomId, textOnly) {
  const res = await fetch(`${HTTP}/api/voice/rooms/${roomId}/signed-url`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`signed URL failed (${res.status})`);
  const { signedUrl } = await res.json();
  const ws = new WebSocket(signedUrl, ['convai']);
  const s = { ws, frames: [], waiters: [], closed: false };
  ws.on('message', (data) => {
    const f = JSON.parse(String(data));
    f.at = performance.now();
    if (f.type === 'ping')
      ws.send(JSON.stringify({ type: 'pong', event_id: f.ping_event.event_id }));
    s.frames.push(f);
    for (const w of s.waiters.splice(0)) w();
  });
  ws.on('close', () => {
    s.closed = true;
    for (const w of s.waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(
    JSON.stringify({
      type: 'conversation_initiation_client_data',
      conversation_config_override: {
        agent: {},
        tts: {},
        ...(textOnly && { conversation: { text_only: true } }),
      },
    }),
  );
  s.until = async (pred, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const hit = s.frames.find(pred);
      if (hit) return hit;
      if (s.closed) throw new Error('socket closed');
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => {
        const t = setTimeout(r, end - Date.now());
        s.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  };
  await s.until((f) => f.type === 'conversation_initiation_metadata');
  return s;
}

/** Waits for the first message and lets its audio finish arriving. */
async function settle(s) {
  await s.until((f) => f.type === 'agent_response');
  await quiet(s);
}

async function quiet(s, ms = 120) {
  let last = s.frames.length;
  for (;;) {
    await sleep(ms);
    if (s.frames.length === last) return;
    last = s.frames.length;
  }
}

/**
 * One question: times to agent_response and first audio, audio length and arrival span.
 * `settleMs`: how long audio must pause before the turn's audio counts as complete.
 */
async function turn(s, question, withAudio, settleMs = 150) {
  const from = s.frames.length;
  const t0 = performance.now();
  s.ws.send(JSON.stringify({ type: 'user_message', text: question }));
  const response = await s.until((f, i) => i >= from && f.type === 'agent_response');
  const id = response.agent_response_event.event_id;
  const result = { text: response.at - t0, audio: null, audioMs: 0, span: 0 };
  if (!withAudio) return result;
  const first = await s.until((f) => f.type === 'audio' && f.audio_event.event_id === id);
  result.audio = first.at - t0;
  await quiet(s, settleMs);
  const chunks = s.frames.filter((f) => f.type === 'audio' && f.audio_event.event_id === id);
  const bytes = chunks.reduce(
    (n, f) => n + Buffer.byteLength(f.audio_event.audio_base_64, 'base64'),
    0,
  );
  result.audioMs = (bytes / 2 / 16000) * 1000; // pcm_16000
  result.span = chunks.at(-1).at - t0;
  return result;
}

class Skip extends Error {}
let exitCode = 0;
try {
  await waitForHealth();
  const login = await fetch(`${HTTP}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: HTTP },
    body: JSON.stringify({ email: 'user@fieldcraft.local', password: 'fieldcraft-demo' }),
  });
  const cookie = String(login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed (${login.status})`);
  const rooms = await (await fetch(`${HTTP}/api/user/rooms`, { headers: { cookie } })).json();
  const room = rooms.find((r) => r.status === 'LIVE');
  const status = await (await fetch(`${HTTP}/api/voice/status`, { headers: { cookie } })).json();
  const speech = status.speechSynthesis.available;
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  console.log(
    `server: node ${process.version}, ${cpus().length} cores${pin.length ? ' (pinned to 2)' : ''}, ` +
      `load average ${load} at start (other work on the machine skews every figure); ` +
      `speech synthesis: ${status.speechSynthesis.engine ?? 'none'}; room "${room.name}"`,
  );

  if (SPOKEN_ONLY) {
    await spoken();
    throw new Skip();
  }
  // 1a. Text latency.
  const text = await openSession(cookie, room.id, true);
  await settle(text);
  const textTimes = [];
  for (let i = 0; i < TURNS; i++) {
    textTimes.push((await turn(text, QUESTIONS[i % QUESTIONS.length], false)).text);
  }
  text.ws.close(1000, 'User ended conversation');
  const tp95 = pct(textTimes, 95);
  console.log(
    `text-only, ${TURNS} turns: user_message → agent_response p50 ${fmt(pct(textTimes, 50))}, ` +
      `p95 ${fmt(tp95)} (target ≤ 100 ms: ${tp95 <= 100 ? 'met' : 'NOT met'})`,
  );

  if (!speech) {
    console.log(
      `voice: skipped, no speech synthesis on this machine (${status.missing.join(' ')})`,
    );
  } else {
    // 1b. Voice latency.
    const voice = await openSession(cookie, room.id, false);
    await settle(voice);
    const r = [];
    for (let i = 0; i < TURNS; i++)
      r.push(await turn(voice, QUESTIONS[i % QUESTIONS.length], true));
    voice.ws.close(1000, 'User ended conversation');
    const p = (key, q) =>
      pct(
        r.map((x) => x[key]),
        q,
      );
    const a95 = p('audio', 95);
    console.log(
      `voice, ${TURNS} turns: → agent_response p50 ${fmt(p('text', 50))}, p95 ${fmt(p('text', 95))}; ` +
        `→ first audio p50 ${fmt(p('audio', 50))}, p95 ${fmt(a95)} ` +
        `(target ≤ 250 ms: ${a95 <= 250 ? 'met' : 'NOT met'})`,
    );

    // 2. Capacity: N sessions ask at once, twice; sustained when every turn's audio arrived
    // within the time it takes to play.
    let sustained = 0;
    for (const n of LEVELS) {
      const sessions = await Promise.all(
        Array.from({ length: n }, () => openSession(cookie, room.id, false)),
      );
      await Promise.all(sessions.map(settle));
      const results = [];
      for (let round = 0; round < 2; round++) {
        results.push(
          ...(await Promise.all(
            sessions.map((s, i) => turn(s, QUESTIONS[(i + round) % QUESTIONS.length], true, 1500)),
          )),
        );
      }
      for (const s of sessions) s.ws.close(1000, 'User ended conversation');
      const worst = Math.max(...results.map((x) => x.span / x.audioMs));
      const ok = worst <= 1;
      const firstAudio95 = pct(
        results.map((x) => x.audio),
        95,
      );
      const audio50 = pct(
        results.map((x) => x.audioMs),
        50,
      );
      console.log(
        `  ${String(n).padStart(3)} sessions: first audio p95 ${fmt(firstAudio95)}, ` +
          `answers of ${(audio50 / 1000).toFixed(1)} s (p50); the slowest turn's audio arrived in ` +
          `${(worst * 100).toFixed(0)}% of its playback time → ${ok ? 'faster than real time' : 'TOO SLOW'}`,
      );
      await sleep(300);
      if (!ok) break;
      sustained = n;
    }
    console.log(
      `concurrent voice sessions sustained faster than real time: ${sustained} ` +
        `(target ≥ 20: ${sustained >= 20 ? 'met' : 'NOT met'})`,
    );
    await spoken();
  }

  // 3. Spoken questions through the socket (the hearing half of the advisor).
  async function spoken() {
    if (!status.speechRecognition?.available) {
      console.log(`spoken questions: skipped, no speech recognition (${status.missing.join(' ')})`);
      return;
    }
    await measureSpoken({ openSession, settle, cookie, roomId: room.id, label: 'current' });
  }
} catch (err) {
  if (!(err instanceof Skip)) {
    console.error('voice bench failed:', err);
    exitCode = 1;
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (exitCode) process.exitCode = exitCode;
