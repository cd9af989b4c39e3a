// Endpointing for the streamed microphone: an energy voice-activity detector over 10 ms frames
// with an adaptive noise floor. A frame is "voiced" when its energy stands a margin above the
// floor (and above an absolute minimum); enough voiced frames make a speech_start (the runtime's
// barge-in signal); trailing quiet (SILENCE_MS) closes the utterance, and so does a microphone
// gone digitally silent (a hold-to-talk button let go: the client keeps streaming exact zeros).
// Short bursts (a hammer blow) never reach the minimum speech length; a steady noise (an engine)
// becomes the floor. With `pauses`, the utterance as it would end is offered as soon as the
// quiet after it is long enough to be its tail, so recognition can start before the decision.

export type EndpointerEvent =
  | { type: 'speech_start' }
  | { type: 'utterance'; samples: Int16Array }
  /** The utterance so far, if the quiet that began goes on: recognition may start on it. */
  | { type: 'pause'; samples: Int16Array }
  /** Voice again after a pause: the utterance will be longer than the pause offered. */
  | { type: 'resume' };

/**
 * Trailing quiet that ends an utterance: 400 ms (700 ms before; docs/voice-speech.md has the
 * measurements). Pauses inside a question are shorter than this in the benchmark's voices.
 */
export const SILENCE_MS = 400;

export interface EndpointerOptions {
  /** Trailing quiet that ends an utterance. Default SILENCE_MS. */
  silenceMs?: number;
  /** Emit `pause` events (see EndpointerEvent). Default false. */
  pauses?: boolean;
  /**
   * End the utterance at once when the microphone turns digitally silent (exact zeros: what a
   * muted client streams, voice-protocol.md §8). Default false (tests feed zeros as silence).
   */
  endOnMute?: boolean;
  /** Voiced time needed before speech counts as started. Default 200 ms. */
  minSpeechMs?: number;
  /** An utterance is cut (and emitted) at this length. Default 15 s. */
  maxUtteranceMs?: number;
}

const RATE = 16000;
const FRAME = 160; // 10 ms
const FRAME_MS = 10;
/** Audio kept from before the detected start (the first consonant is quiet). */
const PRE_ROLL_MS = 250;
/** Quiet kept after the last voiced frame. */
const TAIL_MS = 200;
/** Voiced frames must stand this far above the noise floor. */
const MARGIN_DB = 9;
/** …and above this absolute RMS (int16 units, about -47 dBFS). */
const MIN_RMS = 150;
/** A candidate start is dropped after this much quiet before it counts as speech. */
const CANDIDATE_GAP_MS = 250;

const CALIBRATION_FRAMES = 10;
/** This many all-zero frames in a row: the microphone was muted (hold-to-talk released). */
const RELEASE_FRAMES = 3;
/** A released candidate counts as speech (a short "yes") with this much voice. */
const RELEASED_MIN_SPEECH_MS = 100;

const marginFactor = 10 ** (MARGIN_DB / 10);

export class Endpointer {
  private readonly silenceFrames: number;
  private readonly minSpeechFrames: number;
  private readonly maxFrames: number;
  private readonly preRollFrames = PRE_ROLL_MS / FRAME_MS;
  private readonly tailFrames = TAIL_MS / FRAME_MS;
  private readonly pauses: boolean;
  private readonly endOnMute: boolean;
  /** All-zero frames in a row. */
  private zeroRun = 0;
  /** A pause was offered and no voice came since. */
  private paused = false;

  /** Samples not yet forming a whole frame. */
  private partial = new Int16Array(0);
  /** Frames of the current candidate/utterance, pre-roll included. */
  private frames: Int16Array[] = [];
  private state: 'idle' | 'candidate' | 'speech' = 'idle';
  private voiced = 0;
  private quiet = 0;
  /** Index in `frames` of the last voiced frame. */
  private lastVoiced = -1;
  /** Mean-square energy of the background. */
  private floor = MIN_RMS * MIN_RMS;
  /** Frames seen so far; the first ones only measure the background. */
  private seen = 0;

  constructor(options: EndpointerOptions = {}) {
    this.silenceFrames = Math.max(1, Math.round((options.silenceMs ?? SILENCE_MS) / FRAME_MS));
    this.pauses = options.pauses === true;
    this.endOnMute = options.endOnMute === true;
    this.minSpeechFrames = Math.max(1, Math.round((options.minSpeechMs ?? 200) / FRAME_MS));
    this.maxFrames = Math.max(
      this.minSpeechFrames + 1,
      Math.round((options.maxUtteranceMs ?? 15000) / FRAME_MS),
    );
  }

  /** Feeds 16 kHz int16 samples (any chunk size); returns what happened in them. */
  push(samples: Int16Array): EndpointerEvent[] {
    const events: EndpointerEvent[] = [];
    let data = samples;
    if (this.partial.length > 0) {
      data = new Int16Array(this.partial.length + samples.length);
      data.set(this.partial);
      data.set(samples, this.partial.length);
    }
    let at = 0;
    for (; at + FRAME <= data.length; at += FRAME) {
      this.frame(data.slice(at, at + FRAME), events);
    }
    this.partial = data.slice(at);
    return events;
  }

  /** Forgets everything (e.g. after the agent's turn); the learned noise floor stays. */
  reset(): void {
    this.partial = new Int16Array(0);
    this.toIdle();
  }

  private toIdle(): void {
    this.state = 'idle';
    this.paused = false;
    this.frames = [];
    this.voiced = 0;
    this.quiet = 0;
    this.lastVoiced = -1;
  }

  private frame(frame: Int16Array, events: EndpointerEvent[]): void {
    let sum = 0;
    for (let i = 0; i < frame.length; i++) sum += (frame[i] as number) * (frame[i] as number);
    const energy = sum / frame.length;
    // The first 100 ms set the floor (a stream may well start in site noise).
    if (this.seen < CALIBRATION_FRAMES) {
      this.floor = this.seen === 0 ? energy : Math.min(this.floor, energy);
      this.floor = Math.max(this.floor, 1);
      this.seen++;
      this.frames.push(frame);
      if (this.frames.length > this.preRollFrames) this.frames.shift();
      return;
    }
    this.zeroRun = energy === 0 ? this.zeroRun + 1 : 0;
    const released = this.endOnMute && this.zeroRun >= RELEASE_FRAMES;
    const isVoiced = energy > this.floor * marginFactor && energy > MIN_RMS * MIN_RMS;

    // The floor follows quiet frames quickly downwards and slowly upwards; during voiced frames
    // it creeps up very slowly, so a steady new noise eventually becomes background.
    if (!isVoiced) {
      this.floor += (energy - this.floor) * (energy < this.floor ? 0.3 : 0.05);
    } else {
      this.floor += (energy - this.floor) * 0.0003;
    }
    this.floor = Math.max(this.floor, 1);

    this.frames.push(frame);
    if (isVoiced) {
      this.lastVoiced = this.frames.length - 1;
      this.voiced++;
      this.quiet = 0;
    } else {
      this.quiet++;
    }

    switch (this.state) {
      case 'idle':
        if (isVoiced) {
          this.state = 'candidate';
        } else if (this.frames.length > this.preRollFrames) {
          this.frames.shift();
        }
        if (isVoiced && this.minSpeechFrames <= 1) this.start(events);
        break;
      case 'candidate':
        if (released && this.voiced * FRAME_MS >= RELEASED_MIN_SPEECH_MS) {
          this.start(events);
          this.emit(events, this.lastVoiced + 1 + this.tailFrames);
        } else if (this.voiced >= this.minSpeechFrames) {
          this.start(events);
        } else if (this.quiet * FRAME_MS >= CANDIDATE_GAP_MS) {
          // A burst too short to be speech: keep only the pre-roll of quiet.
          const keep = this.frames.slice(-this.preRollFrames);
          this.toIdle();
          this.frames = keep;
        }
        break;
      case 'speech':
        if (isVoiced && this.paused) {
          this.paused = false;
          events.push({ type: 'resume' });
        }
        if (released || this.quiet >= this.silenceFrames) {
          this.emit(events, this.lastVoiced + 1 + this.tailFrames);
        } else if (this.frames.length >= this.maxFrames) {
          this.emit(events, this.frames.length);
        } else if (this.pauses && this.quiet === this.tailFrames) {
          this.paused = true;
          events.push({ type: 'pause', samples: this.samples(this.frames.length) });
        }
        break;
    }
  }

  private start(events: EndpointerEvent[]): void {
    this.state = 'speech';
    events.push({ type: 'speech_start' });
  }

  private emit(events: EndpointerEvent[], endFrame: number): void {
    events.push({ type: 'utterance', samples: this.samples(endFrame) });
    this.toIdle();
  }

  private samples(endFrame: number): Int16Array {
    const frames = this.frames.slice(0, Math.min(endFrame, this.frames.length));
    const samples = new Int16Array(frames.length * FRAME);
    frames.forEach((f, i) => samples.set(f, i * FRAME));
    return samples;
  }
}

export const ENDPOINTER_SAMPLE_RATE = RATE;
