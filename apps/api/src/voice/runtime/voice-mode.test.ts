import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { seedDemo } from '../../bootstrap/demo-seed';
import { describeOnPglite } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import { decodeBytes, encodeAgentAudio, parseAudioFormat } from '../speech/audio-format';
import { concat, silence, whiteNoise } from '../speech/test-signals';
import { SAY_AGAIN } from './session';
import {
  eventIdOf,
  eventIdViolation,
  type Frame,
  listen,
  responseText,
  TestSocket,
  voiceInit,
} from './voice-test-kit';

// Voice sessions with the real engines of this machine: flite/espeak-ng speak the answers,
// pocketsphinx hears the user (speech-engines.md / docs/voice-speech.md).

const PCM16K = parseAudioFormat('pcm_16000');
const GREETING = "Hi, I'm your Field Advisor. What are you working on today?";

const audioOf = (s: TestSocket, id: number) => s.all('audio').filter((f) => eventIdOf(f) === id);
const base64Of = (f: Frame) => (f.audio_event as { audio_base_64: string }).audio_base_64;

/** Bytes of audio frames decoded in `format`. */
function decoded(frames: Frame[], format = PCM16K): Int16Array {
  return concat(
    ...frames.map((f) => decodeBytes(new Uint8Array(Buffer.from(base64Of(f), 'base64')), format)),
  );
}

const rms = (x: Int16Array) => Math.sqrt(x.reduce((n, v) => n + v * v, 0) / Math.max(1, x.length));

describeOnPglite('voice sessions with the real speech engines', (ctx) => {
  let w: World;
  let base: { ws: string; http: string };
  beforeAll(async () => {
    base = await listen(ctx.app);
  });
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const open = async (init: Frame | null = voiceInit()) => {
    const res = await fetch(`${base.http}/api/voice/rooms/${w.rooms.shared}/signed-url`, {
      headers: { cookie: w.cookies.USER ?? '' },
    });
    const { signedUrl } = (await res.json()) as { signedUrl: string };
    const s = await TestSocket.open(signedUrl, { init });
    await s.next('conversation_initiation_metadata');
    return s;
  };

  /**
   * Sends audio as a microphone would: 250 ms chunks, paced a little faster than real time, for
   * real: the server refuses audio that arrives faster than real time, by its clock at arrival.
   */
  async function talk(s: TestSocket, samples: Int16Array) {
    for (const chunk of encodeAgentAudio(samples, 16000, PCM16K, 250)) {
      s.send({ user_audio_chunk: chunk });
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const speak = async (text: string) => {
    const synth = ctx.app.speech.synthesizer;
    expect(synth, ctx.app.speech.missing.join(' ')).not.toBeNull();
    const audio = await synth!.synthesize({ text, language: 'en', voice: null });
    return encodeAgentAudio(audio.samples, audio.sampleRate, PCM16K, 1_000_000).map((b) =>
      decodeBytes(new Uint8Array(Buffer.from(b, 'base64')), PCM16K),
    )[0]!;
  };

  it('speaks every turn: agent_response immediately before the turn’s first audio, then real audio of that turn', async () => {
    await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
    const s = await open();
    const greeting = await s.next('agent_response');
    expect(responseText(greeting)).toBe(GREETING);
    const id = eventIdOf(greeting)!;
    const at = s.frames.indexOf(greeting);
    expect(s.frames[at + 1]).toMatchObject({ type: 'audio', audio_event: { event_id: id } });
    await s.next('audio', (f) => eventIdOf(f) === id);
    // Several seconds of real speech at 16 kHz, not silence (sent as it is synthesised).
    const speech = await vi.waitFor(() => {
      const sofar = decoded(audioOf(s, id));
      expect(sofar.length / 16000).toBeGreaterThan(1.5);
      return sofar;
    }, 10_000);
    expect(rms(speech)).toBeGreaterThan(300);
    // No audio of this turn before its text.
    expect(s.frames.findIndex((f) => f.type === 'audio')).toBe(at + 1);

    const answer = await s.ask('When do I need a full body harness?');
    expect(responseText(answer)).toMatch(/harness/i);
    expect(
      (answer.agent_response_event as { attachments: { content_type: string }[] }).attachments[0],
    ).toMatchObject({ content_type: 'PDF', name: 'Site safety checklist' });
    const next = s.frames[s.frames.indexOf(answer) + 1];
    expect(next).toMatchObject({ type: 'audio', audio_event: { event_id: eventIdOf(answer) } });
    expect(s.all('agent_chat_response_part')).toEqual([]);
    await s.close();
  });

  it('barge-in: a typed message while the agent speaks stops it with an interruption between the two turns', async () => {
    const s = await open();
    const greeting = await s.next('agent_response');
    await s.next('audio', (f) => eventIdOf(f) === eventIdOf(greeting));
    s.send({ type: 'user_message', text: 'What PPE do I need on site?' });
    const interruption = await s.next('interruption');
    const answer = await s.next('agent_response');
    const n = eventIdOf(interruption)!;
    expect(n).toBeGreaterThan(eventIdOf(greeting)!);
    expect(n).toBeLessThanOrEqual(eventIdOf(answer)!);
    // Nothing of the interrupted turn after the interruption.
    const after = s.frames.slice(s.frames.indexOf(interruption));
    expect(after.filter((f) => f.type === 'audio' && eventIdOf(f)! < n)).toEqual([]);
    // Two seconds of the answer's audio (sent as it is synthesised), with whatever else came.
    await vi.waitFor(
      () => expect(decoded(audioOf(s, eventIdOf(answer)!)).length / 16000).toBeGreaterThan(2),
      { timeout: 10_000 },
    );
    expect(eventIdViolation(s.frames)).toBeNull();
    await s.close();
  });

  it('sends audio in the agent’s output format (ulaw_8000)', async () => {
    await ctx.db.updateTable('agents').set({ output_format: 'ulaw_8000' }).execute();
    const s = await open();
    const meta = s.frames[0]!.conversation_initiation_metadata_event as Record<string, string>;
    expect(meta.agent_output_audio_format).toBe('ulaw_8000');
    const greeting = await s.next('agent_response');
    const first = await s.next('audio', (f) => eventIdOf(f) === eventIdOf(greeting));
    // 100 ms chunks: 800 one-byte µ-law samples at 8 kHz.
    expect(Buffer.from(base64Of(first), 'base64').length).toBe(800);
    await vi.waitFor(() => {
      const speech = decoded(audioOf(s, eventIdOf(greeting)!), parseAudioFormat('ulaw_8000'));
      expect(rms(speech)).toBeGreaterThan(300);
    }, 10_000);
    await s.close();
  });

  it('hears a spoken question: user_transcript, then a cited, spoken answer', async () => {
    await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
    const s = await open();
    const greeting = await s.next('agent_response');
    const question = await speak('When do I need a full body harness?');
    // Speaking over the greeting interrupts it.
    await talk(s, concat(question, silence(1500)));
    const interruption = await s.next('interruption');
    expect(eventIdOf(interruption)).toBeGreaterThan(eventIdOf(greeting)!);
    const transcript = await s.next('user_transcript', undefined, 20_000);
    const heard = (transcript.user_transcription_event as { user_transcript: string })
      .user_transcript;
    expect(heard).toMatch(/harness/);
    expect(eventIdOf(transcript)).toBeGreaterThan(eventIdOf(interruption)!);
    const answer = await s.next('agent_response', undefined, 20_000);
    expect(eventIdOf(answer)).toBeGreaterThan(eventIdOf(transcript)!);
    expect(
      (answer.agent_response_event as { attachments?: unknown[] }).attachments?.[0],
    ).toMatchObject({
      name: 'Site safety checklist',
    });
    await s.next('audio', (f) => eventIdOf(f) === eventIdOf(answer));
    const conversationId = (
      s.frames[0]!.conversation_initiation_metadata_event as { conversation_id: string }
    ).conversation_id;
    const rows = await ctx.db
      .selectFrom('conversation_messages')
      .select(['role', 'source', 'text'])
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'user')
      .execute();
    expect(rows).toEqual([{ role: 'user', source: 'voice', text: heard }]);
    await s.close();
  });

  it('never sends noise to the advisor: the agent asks to say it again or type it', async () => {
    const s = await open();
    const greeting = await s.next('agent_response');
    await s.next('audio', (f) => eventIdOf(f) === eventIdOf(greeting));
    // A quiet moment (the background), then a burst of site noise loud enough to count as speech.
    await talk(s, concat(silence(500), whiteNoise(1500, 2000, 11), silence(1500)));
    const reply = await s.next('agent_response', (f) => responseText(f) === SAY_AGAIN, 20_000);
    await s.next('audio', (f) => eventIdOf(f) === eventIdOf(reply));
    expect(s.all('user_transcript')).toEqual([]);
    expect(await ctx.db.selectFrom('knowledge_gaps').selectAll().execute()).toEqual([]);
    expect(
      await ctx.db
        .selectFrom('conversation_messages')
        .select('role')
        .where('role', '=', 'user')
        .execute(),
    ).toEqual([]);
    await s.close();
  });
});
