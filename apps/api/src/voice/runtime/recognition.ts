import { decodeUserAudio, parseAudioFormat } from '../speech/audio-format';
import { Endpointer } from '../speech/endpointer';
import type { RecognitionResult, SpeechEngines } from '../speech/speech.types';
import { VoiceRefusal } from './auth';

// The user's microphone (voice-protocol.md §8): chunks in, checked against real time, cut into
// utterances by the endpointer, recognised and handed on in the order they were spoken. A
// pause long enough to be an utterance's tail starts its recognition at once; when the quiet
// lasts (the endpointer's decision) that result is used, and when speech goes on it is dropped.

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
  /** Recognition started on a pause: the utterance's length, its result and its abort. */
  private early: {
    length: number;
    result: Promise<RecognitionResult>;
    drop: AbortController;
  } | null = null;
  /**
   * Real time counts from when the conversation opened, not from the first chunk: a client
   * whose page was busy just after it connected sends its first seconds of microphone audio in
   * one burst, all of it recorded since the session began (a loaded browser did, and was
   * refused). Audio sent before the session opened is never recorded by the client.
   */
  private clockFrom = 0;
  private audioMsReceived = 0;

  constructor(private readonly host: RecognitionHost) {}

  /** The client has been told the session is open (its metadata frame): real time counts from here. */
  opened(at = Date.now()): void {
    this.clockFrom = at;
  }

  /** Starts listening (voice conversations on a server that can recognise speech). */
  listen(): void {
    if (this.host.speech.recognizer) {
      this.endpointer = new Endpointer({ pauses: true, endOnMute: true });
    }
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
    if (this.clockFrom === 0) this.clockFrom = now;
    this.audioMsReceived += samples.length / 16;
    const allowed = (now - this.clockFrom) * this.host.audioRateMargin + AUDIO_RATE_GRACE_MS;
    if (this.audioMsReceived > allowed) {
      throw new VoiceRefusal('Audio arrives faster than real time');
    }
    const endpointer = this.endpointer;
    if (!endpointer) return;
    for (const event of endpointer.push(samples)) {
      if (event.type === 'speech_start') {
        this.host.speechStarted();
      } else if (event.type === 'resume') {
        // Speech went on after the pause: that recognition is not needed (if not yet started,
        // it never runs).
        this.early?.drop.abort();
        this.early = null;
      } else if (event.type === 'pause') {
        this.early?.drop.abort();
        const drop = new AbortController();
        this.early = {
          length: event.samples.length,
          result: this.run(event.samples, drop.signal),
          drop,
        };
      } else if (event.type === 'utterance') {
        const early = this.early;
        this.early = null;
        const reuse = early !== null && early.length === event.samples.length;
        if (early && !reuse) early.drop.abort();
        const result = reuse ? early.result : this.run(event.samples);
        this.queue = this.queue.then(() => this.deliver(result));
      }
    }
  }

  /** Recognises one utterance; a failure is logged and heard as nothing. */
  private async run(samples: Int16Array, drop?: AbortSignal): Promise<RecognitionResult> {
    const { host } = this;
    const recognizer = host.speech.recognizer;
    if (!recognizer || !host.isOpen()) return { text: '', confidence: 0 };
    const signal = drop ? AbortSignal.any([host.lifetime, drop]) : host.lifetime;
    try {
      return await recognizer.recognize(samples, signal);
    } catch (err) {
      if (host.isOpen() && !drop?.aborted) host.warn(err, 'speech recognition failed');
      return { text: '', confidence: 0 };
    }
  }

  private async deliver(result: Promise<RecognitionResult>): Promise<void> {
    const heard = await result;
    if (this.host.isOpen()) this.host.heard(heard);
  }
}
