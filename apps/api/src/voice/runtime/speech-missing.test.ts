import { beforeAll, beforeEach, expect, it } from 'vitest';
import { withEnv } from '../../test/env';
import { describeOnPglite } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import { encodeAgentAudio, parseAudioFormat } from '../speech/audio-format';
import { tone } from '../speech/test-signals';
import { listen, responseText, TestSocket, voiceInit } from './voice-test-kit';

// A machine without the speech programs (their configured paths do not exist): voice sessions
// still work for text, say once what is missing, and ignore the microphone without a crash.
withEnv(() => ({
  SPEECH_FLITE: '/nonexistent/flite',
  SPEECH_ESPEAK: '/nonexistent/espeak-ng',
  SPEECH_PYTHON: '/nonexistent/python3',
}));

describeOnPglite('voice sessions on a machine without speech programs', (ctx) => {
  let w: World;
  let base: { ws: string; http: string };
  beforeAll(async () => {
    base = await listen(ctx.app);
  });
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  it('reports what is missing, keeps text working in a voice session and says so once', async () => {
    expect(ctx.app.speech.synthesizer).toBeNull();
    expect(ctx.app.speech.recognizer).toBeNull();
    const status = await fetch(`${base.http}/api/voice/status`, {
      headers: { cookie: w.cookies.USER ?? '' },
    });
    expect(await status.json()).toMatchObject({
      speechSynthesis: { available: false, engine: null },
      speechRecognition: { available: false, engine: null },
      missing: ctx.app.speech.missing,
    });
    expect(ctx.app.speech.missing.length).toBeGreaterThan(0);

    const res = await fetch(`${base.http}/api/voice/rooms/${w.rooms.shared}/signed-url`, {
      headers: { cookie: w.cookies.USER ?? '' },
    });
    const { signedUrl } = (await res.json()) as { signedUrl: string };
    const s = await TestSocket.open(signedUrl, { init: voiceInit() });
    await s.next('conversation_initiation_metadata');
    const greeting = await s.next('agent_response');
    expect(responseText(greeting)).toBe(
      "Hi, I'm your Field Advisor. What are you working on today?",
    );
    const notice = await s.next('agent_response');
    expect(responseText(notice)).toContain('Voice is not fully available on this server');
    expect(responseText(notice)).toContain(ctx.app.speech.missing[0]!.slice(0, 30));
    expect(responseText(notice)).toContain('Typed messages keep working.');

    // The microphone streams on: ignored, no crash.
    const pcm = parseAudioFormat('pcm_16000');
    for (const chunk of encodeAgentAudio(tone(300, 500), 16000, pcm, 250)) {
      s.send({ user_audio_chunk: chunk });
    }
    const answer = await s.ask('What should I wear on site?');
    expect(responseText(answer).length).toBeGreaterThan(0);
    // Closed first: the server's close answer comes after every frame it sent before it.
    expect(await s.close()).toEqual({ code: 1000, reason: 'User ended conversation' });
    expect(s.all('audio')).toEqual([]);
    expect(
      s.all('agent_response').filter((f) => responseText(f).includes('not fully available')),
    ).toHaveLength(1);
  });
});
