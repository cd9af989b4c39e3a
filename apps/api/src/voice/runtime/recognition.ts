import { decodeUserAudio, parseAudioFormat } from '../speech/audio-format';
import { Endpointer } from '../speech/endpointer';
import type { RecognitionResult, SpeechEngines } from '../speech/speech.types';
import { VoiceRefusal } from './auth';

// The user's microphone (voice-protocol.md §8): chunks in, checked against real time, cut into
// utterances by the endpointer, recognised one after another.

/** What the client sends; the metadata frame announces it. */
export const INPUT_FORMAT = 'pcm_16000';
const INPUT = parseAudioFormat(INPUT_FORMAT);
const AUDIO_RATE_GRACE_MS = 1000;

/** What recognition needs of its session. */
export interface RecognitionHost {
  speech: SpeechEngines;
  /** How much faster than real time audio may arrive (VoiceConfig.audioRateMargin). */
  audioRateMargin: number;
  /** Aborted when the session ends. */
  lifetime: AbortSignal;
  isOpen(): boolean;
  /** The user started speaking (barge-in). */
  speechStarted(): void;
  /** An utterance was recognised (or failed: text '', confidence 0), while the session is open. */
  heard(result: RecognitionResult): void;
  warn(err: unknown, message: string): void;
}

export class Recognition {
  private endpointer: Endpointer | null = null;
  private queue: Promise<void> = Promise.resolve();
  private firstAudioAt = 0;
  private audioMsReceived = 0;

  constructor(private readonly host: RecognitionHost) {}

  /** Starts listening (voice conversations on a server that can recognise speech). */
  listen(): void {
    if (this.host.speech.recognizer) this.endpointer = new Endpointer();
  }

  /** One user_audio_chunk; refuses (1008) one that is not audio or comes too fast. */
  push(base64: string): void {
    let samples: Int16Array;
    try {
      samples = decodeUserAudio(base64, INPUT);
    } catch {
      throw new VoiceRefusal('user_audio_chunk is not valid base64 audio');
    }
    const now = Date.now();
    if (this.firstAudioAt === 0) this.firstAudioAt = now;
    this.audioMsReceived += samples.length / 16;
    const allowed = (now - this.firstAudioAt) * this.host.audioRateMargin + AUDIO_RATE_GRACE_MS;
    if (this.audioMsReceived > allowed) {
      throw new VoiceRefusal('Audio arrives faster than real time');
    }
    const endpointer = this.endpointer;
    if (!endpointer) return;
    for (const event of endpointer.push(samples)) {
      if (event.type === 'speech_start') {
        this.host.speechStarted();
      } else if (event.type === 'utterance') {
        const utterance = event.samples;
        this.queue = this.queue.then(() => this.recognize(utterance));
      }
    }
  }

  private async recognize(samples: Int16Array): Promise<void> {
    const { host } = this;
    const recognizer = host.speech.recognizer;
    if (!recognizer || !host.isOpen()) return;
    let result: RecognitionResult;
    try {
      result = await recognizer.recognize(samples, host.lifetime);
    } catch (err) {
      if (!host.isOpen()) return;
      host.warn(err, 'speech recognition failed');
      result = { text: '', confidence: 0 };
    }
    if (!host.isOpen()) return;
    host.heard(result);
  }
}
