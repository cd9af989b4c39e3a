// Spoken questions through the real conversation socket, as a microphone sends them: 250 ms
// chunks of pcm_16000 at real time (a chunk leaves when its last sample has been "captured"),
// then quiet room tone until the answer's first audio arrives.
// - one session: end of speech → user_transcript and → first answer audio, p50/p95;
// - three sessions speaking the same question at the same moment: how much longer the third
//   waits for its transcript than the first.
import { HELD_OUT } from '../hearing-corpus.mjs';
import { seeded, speak } from './clips.mjs';

const CHUNK = 4000; // 250 ms at 16 kHz
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Low room tone (RMS ≈ 20, well under the endpointer's voice level), never digital zero. */
function roomTone(n, seed) {
  const random = seeded(seed);
  return Int16Array.from({ length: n }, () => Math.round((random() * 2 - 1) * 35));
}

function b64(samples) {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64');
}

/**
 * Streams `speech` (200 ms of room tone before it) and keeps streaming room tone (or, with
 * `release`, digital zeros: a hold-to-talk button let go) until the reply's first audio.
 * Returns the wall time the speech ended at.
 */
async function stream(s, speech, { seed, release = false, until }) {
  const lead = roomTone(3200, seed);
  const audio = new Int16Array(lead.length + speech.length);
  audio.set(lead);
  audio.set(speech, lead.length);
  const t0 = performance.now();
  const endOfSpeech = t0 + (audio.length / 16000) * 1000;
  let k = 0;
  for (;;) {
    const from = k * CHUNK;
    let chunk;
    if (from < audio.length) {
      chunk = new Int16Array(CHUNK);
      chunk.set(audio.subarray(from, from + CHUNK));
      if (from + CHUNK > audio.length && !release) {
        chunk.set(roomTone(from + CHUNK - audio.length, seed + k), audio.length - from);
      }
    } else {
      chunk = release ? new Int16Array(CHUNK) : roomTone(CHUNK, seed + k);
    }
    const due = t0 + (k + 1) * 250;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (s.closed) throw new Error('socket closed');
    s.ws.send(JSON.stringify({ user_audio_chunk: b64(chunk) }));
    k++;
    if (until() || k > 60) break;
  }
  return endOfSpeech;
}

/** One spoken turn: times from the end of speech to the transcript and to the first audio. */
async function spokenTurn(s, speech, opts) {
  const from = s.frames.length;
  const after = (pred) => s.frames.find((f, i) => i >= from && pred(f));
  const isReplyAudio = (f) => {
    if (f.type !== 'audio') return false;
    const t = after((x) => x.type === 'user_transcript' || x.type === 'agent_response');
    return t && f.audio_event.event_id > (t.user_transcription_event?.event_id ?? 0);
  };
  const end = await stream(s, speech, { ...opts, until: () => after(isReplyAudio) });
  const transcript = after((f) => f.type === 'user_transcript');
  const audio = after(isReplyAudio);
  const reply = after((f) => f.type === 'agent_response');
  return {
    transcript: transcript ? transcript.at - end : null,
    text: transcript?.user_transcription_event.user_transcript ?? null,
    reply: reply?.agent_response_event.agent_response ?? null,
    audio: audio ? audio.at - end : null,
  };
}

async function drain(s, ms = 400) {
  let last = s.frames.length;
  for (;;) {
    await sleep(ms);
    if (s.frames.length === last) return;
    last = s.frames.length;
  }
}

export async function measureSpoken({ openSession, settle, cookie, roomId, label, rounds = 2 }) {
  const questions = HELD_OUT.slice(0, 10);
  const clips = questions.map((q) => speak('flite', 'slt', q));
  const one = await openSession(cookie, roomId, false);
  await settle(one);
  // A first turn, not counted: the server builds its library model after start.
  await spokenTurn(one, clips[0], { seed: 99 });
  await drain(one);
  const turns = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, clip] of clips.entries()) {
      turns.push(await spokenTurn(one, clip, { seed: 100 + i + round * 50 }));
      await drain(one);
    }
  }
  const released = [];
  for (const [i, clip] of clips.slice(0, 5).entries()) {
    released.push(await spokenTurn(one, clip, { seed: 300 + i, release: true }));
    await drain(one);
  }
  one.ws.close(1000, 'User ended conversation');
  const ok = (xs) => xs.filter((x) => x !== null);
  const heard = turns.filter((t) => t.transcript !== null).length;
  const a95 = pct(ok(turns.map((t) => t.audio)), 95);
  console.log(
    `[${label}] spoken, ${turns.length} turns (250 ms chunks, real time): end of speech → transcript ` +
      `p50 ${pct(ok(turns.map((t) => t.transcript)), 50)?.toFixed(0)} ms, ` +
      `p95 ${pct(ok(turns.map((t) => t.transcript)), 95)?.toFixed(0)} ms (${heard} transcribed); ` +
      `→ first answer audio p50 ${pct(ok(turns.map((t) => t.audio)), 50)?.toFixed(0)} ms, ` +
      `p95 ${a95?.toFixed(0)} ms (target ≤ 800 ms: ${a95 <= 800 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `[${label}] hold-to-talk released at the end of speech (digital zeros follow), ${released.length} turns: ` +
      `→ first answer audio p50 ${pct(ok(released.map((t) => t.audio)), 50)?.toFixed(0)} ms, ` +
      `max ${Math.max(...ok(released.map((t) => t.audio))).toFixed(0)} ms`,
  );

  // Three speakers at once.
  const three = await Promise.all([0, 1, 2].map(() => openSession(cookie, roomId, false)));
  await Promise.all(three.map(settle));
  const extra = [];
  for (let round = 0; round < 4; round++) {
    const clip = clips[round];
    const r = await Promise.all(
      three.map((s, i) => spokenTurn(s, clip, { seed: 500 + i + round })),
    );
    const waits = r.map((x) => x.transcript ?? x.audio ?? Infinity).sort((a, b) => a - b);
    extra.push(waits[2] - waits[0]);
    await Promise.all(three.map((s) => drain(s)));
  }
  for (const s of three) s.ws.close(1000, 'User ended conversation');
  const worst = Math.max(...extra);
  console.log(
    `[${label}] three speakers at once, 4 rounds: the third's transcript came ` +
      `${extra.map((x) => x.toFixed(0)).join(', ')} ms after the first ` +
      `(worst ${worst.toFixed(0)} ms; target ≤ 300 ms: ${worst <= 300 ? 'met' : 'NOT met'})`,
  );
}
