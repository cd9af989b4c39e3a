import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionResult, SpeechRecognizer } from '../speech/speech.types';
import { concat, tone, whiteNoise } from '../speech/test-signals';
import { DEFAULT_VOICE_CONFIG } from '../../plugins/config';
import { Recognition } from './recognition';

// The microphone's stream cut into utterances: recognition starts on a pause, and when speech
// goes on after it, that recognition is given up (so it never takes a recognizer from someone
// else) and the whole utterance is recognised instead.

/** Records every utterance it is given and the signal it came with. */
class RecordingRecognizer implements SpeechRecognizer {
  readonly engine = 'recording';
  readonly calls: { samples: number; signal: AbortSignal | undefined }[] = [];

  recognize(samples: Int16Array, signal?: AbortSignal): Promise<RecognitionResult> {
    this.calls.push({ samples: samples.length, signal });
    return Promise.resolve({ text: `utterance of ${samples.length}`, confidence: 0.9 });
  }
}

function listen(recognizer: SpeechRecognizer) {
  const heard: RecognitionResult[] = [];
  const recognition = new Recognition({
    speech: {
      synthesizer: null,
      recognizer,
      missing: [],
      scheduleLanguageModelRebuild: () => undefined,
      close: async () => undefined,
    },
    audioRateMargin: DEFAULT_VOICE_CONFIG.audioRateMargin,
    lifetime: new AbortController().signal,
    isOpen: () => true,
    speechStarted: () => undefined,
    heard: (result) => heard.push(result),
    warn: () => undefined,
  });
  recognition.listen();
  return { recognition, heard };
}

/**
 * 250 ms chunks of base64 pcm_16000, at a microphone's pace: the clock moves 250 ms before each
 * one. Pushed all at once with no time passing, they would be refused as faster than real time
 * (as they were when the loop ran within one millisecond).
 */
function speak(recognition: Recognition, samples: Int16Array) {
  for (let at = 0; at < samples.length; at += 4000) {
    const part = samples.slice(at, at + 4000);
    vi.setSystemTime(Date.now() + 250);
    recognition.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'));
  }
}

const roomTone = (ms: number, seed: number) => whiteNoise(ms, 20, seed);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Recognition', () => {
  // Only Date: the recognizer's promises and settle() still run on real timers.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('gives up the recognition started on a pause as soon as speech goes on', async () => {
    const recognizer = new RecordingRecognizer();
    const { recognition, heard } = listen(recognizer);
    const upToPause = concat(
      roomTone(500, 1),
      tone(300, 1000),
      roomTone(300, 2), // a pause: long enough to start recognition, too short to end
    );
    speak(recognition, concat(upToPause, tone(300, 500)));
    expect(recognizer.calls).toHaveLength(1);
    expect(recognizer.calls[0]?.signal?.aborted).toBe(true);

    speak(recognition, concat(tone(300, 500), roomTone(1000, 3)));
    await settle();
    expect(recognizer.calls).toHaveLength(2);
    const [onPause, onSecondPause] = recognizer.calls;
    expect(onPause?.signal?.aborted).toBe(true);
    // The second pause became the end of the utterance: its recognition is the one used.
    expect(onSecondPause?.signal?.aborted).toBe(false);
    expect(onSecondPause?.samples).toBeGreaterThan((onPause?.samples ?? 0) + 16000);
    expect(heard.map((h) => h.text)).toEqual([`utterance of ${onSecondPause?.samples}`]);
  });
});
