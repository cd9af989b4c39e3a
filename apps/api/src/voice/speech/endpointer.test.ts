import { describe, expect, it } from 'vitest';
import { Endpointer, type EndpointerEvent, SILENCE_MS } from './endpointer';
import { ProgramSynthesizer } from './synthesizer';
import { findProgram } from './detect';
import { concat, silence, tone, whiteNoise } from './test-signals';
import { resample } from './audio-format';

/** Feeds a signal in uneven chunks, as a websocket delivers them. */
function run(endpointer: Endpointer, signal: Int16Array, chunk = 1234): EndpointerEvent[] {
  const events: EndpointerEvent[] = [];
  for (let at = 0; at < signal.length; at += chunk) {
    events.push(...endpointer.push(signal.subarray(at, at + chunk)));
  }
  return events;
}

const types = (events: EndpointerEvent[]) => events.map((e) => e.type);
const seconds = (e: EndpointerEvent) => (e.type === 'utterance' ? e.samples.length / 16000 : 0);

describe('Endpointer', () => {
  it('stays quiet on silence', () => {
    expect(run(new Endpointer(), silence(5000))).toEqual([]);
  });

  it('a tone burst gives speech_start, then one utterance after the trailing silence', () => {
    const signal = concat(silence(500), tone(300, 1200), silence(1500));
    const events = run(new Endpointer(), signal);
    expect(types(events)).toEqual(['speech_start', 'utterance']);
    // The burst, plus a little pre-roll and tail; not the silence around it.
    expect(seconds(events[1] as EndpointerEvent)).toBeGreaterThan(1.2);
    expect(seconds(events[1] as EndpointerEvent)).toBeLessThan(1.8);
  });

  it('waits for SILENCE_MS (400 ms) of trailing silence before closing the utterance', () => {
    expect(SILENCE_MS).toBe(400);
    const endpointer = new Endpointer();
    expect(types(run(endpointer, concat(silence(300), tone(300, 800), silence(300))))).toEqual([
      'speech_start',
    ]);
    expect(types(run(endpointer, silence(200)))).toEqual(['utterance']);
  });

  it('keeps a short pause inside one utterance', () => {
    const signal = concat(
      silence(300),
      tone(300, 600),
      silence(300),
      tone(400, 600),
      silence(1000),
    );
    expect(types(run(new Endpointer(), signal))).toEqual(['speech_start', 'utterance']);
  });

  it('ignores hammer-like impacts shorter than the minimum speech length', () => {
    const impact = () => concat(whiteNoise(40, 9000, 7), silence(400));
    const signal = concat(silence(300), impact(), impact(), impact(), impact(), silence(1000));
    expect(run(new Endpointer(), signal)).toEqual([]);
  });

  it('treats steady noise as background, and still hears a tone above it', () => {
    const noise = whiteNoise(6000, 800, 3);
    const speechPart = tone(350, 1000, 6000);
    const mixed = Int16Array.from(noise, (v, i) =>
      i >= 32000 && i < 48000 ? v + (speechPart[i - 32000] as number) : v,
    );
    const events = run(new Endpointer(), mixed);
    expect(types(events)).toEqual(['speech_start', 'utterance']);
    expect(seconds(events[1] as EndpointerEvent)).toBeLessThan(2);
  });

  it('cuts an utterance at the maximum length', () => {
    const events = run(
      new Endpointer({ maxUtteranceMs: 2000 }),
      concat(silence(200), tone(300, 5000)),
    );
    const first = events.find((e) => e.type === 'utterance');
    expect(first && seconds(first)).toBeCloseTo(2, 0);
  });

  it('honours silenceMs and minSpeechMs', () => {
    const short = concat(silence(300), tone(300, 150), silence(1500));
    expect(run(new Endpointer({ minSpeechMs: 300 }), short)).toEqual([]);
    expect(types(run(new Endpointer({ minSpeechMs: 100 }), short))).toEqual([
      'speech_start',
      'utterance',
    ]);
    const e = new Endpointer({ silenceMs: 300 });
    expect(types(run(e, concat(silence(300), tone(300, 600), silence(450))))).toEqual([
      'speech_start',
      'utterance',
    ]);
  });

  it('ends the utterance as soon as the microphone is muted (hold-to-talk let go)', () => {
    const hum = (ms: number, seed: number) => whiteNoise(ms, 20, seed);
    const e = new Endpointer({ endOnMute: true });
    // Room tone, a word, and the button let go: 30 ms of exact zeros end it, not 400 ms.
    expect(types(run(e, concat(hum(300, 1), tone(300, 800), hum(50, 2)), 160))).toEqual([
      'speech_start',
    ]);
    const events = run(e, silence(40), 160);
    expect(types(events)).toEqual(['utterance']);
    expect(seconds(events[0] as EndpointerEvent)).toBeGreaterThan(0.8);
    // A short "yes" (150 ms, under the 200 ms minimum) let go at once still counts.
    const yes = run(
      new Endpointer({ endOnMute: true }),
      concat(hum(300, 3), tone(300, 150), silence(100)),
    );
    expect(types(yes)).toEqual(['speech_start', 'utterance']);
    // Without the option, zeros are ordinary quiet.
    expect(types(run(new Endpointer(), concat(hum(300, 1), tone(300, 800), silence(100))))).toEqual(
      ['speech_start'],
    );
  });

  it('offers the utterance as a pause once its tail is quiet, then the same samples at the end', () => {
    const e = new Endpointer({ pauses: true });
    const events = run(e, concat(silence(300), tone(300, 800), silence(600)), 160);
    expect(types(events)).toEqual(['speech_start', 'pause', 'utterance']);
    const [, pause, end] = events as [EndpointerEvent, EndpointerEvent, EndpointerEvent];
    expect(pause.type === 'pause' && end.type === 'utterance').toBe(true);
    if (pause.type === 'pause' && end.type === 'utterance') {
      expect(Array.from(pause.samples)).toEqual(Array.from(end.samples));
    }
    // Speech going on after the pause: a later, longer utterance.
    const again = run(
      new Endpointer({ pauses: true }),
      concat(silence(300), tone(300, 600), silence(250), tone(300, 600), silence(600)),
      160,
    );
    expect(types(again)).toEqual(['speech_start', 'pause', 'resume', 'pause', 'utterance']);
  });

  it('reset() drops a half-heard utterance', () => {
    const e = new Endpointer();
    run(e, concat(silence(300), tone(300, 600)));
    e.reset();
    expect(run(e, silence(1500))).toEqual([]);
  });

  it.skipIf(!findProgram('flite'))(
    'finds one utterance in flite speech with silence around it',
    async () => {
      const tts = new ProgramSynthesizer({ flite: findProgram('flite'), espeak: null });
      const { samples, sampleRate } = await tts.synthesize({
        text: 'Check the guardrail before you climb. Then clip your lanyard to the anchor.',
        language: 'en',
        voice: null,
      });
      const speech = resample(samples, sampleRate, 16000);
      const events = run(new Endpointer(), concat(silence(800), speech, silence(1500)));
      expect(types(events)).toEqual(['speech_start', 'utterance']);
      const length = seconds(events[1] as EndpointerEvent);
      expect(length).toBeGreaterThan(speech.length / 16000 - 0.3);
      expect(length).toBeLessThan(speech.length / 16000 + 0.8);
    },
  );
});
