import type { VoicePlatform } from '../platform';
import { VoiceClientError } from '../voice-client-error';
import { type WorkletUrls, WORKLETS, loadWorklet } from '../worklets/worklet-loader';
import type { AudioFormat } from './format';
import { levelOf } from './levels';

/** Interruption fade: 2 s towards a near-zero gain, then the queue is dropped and volume restored. */
export const FADE_MS = 2000;
const FADE_FLOOR = 0.0001;

/** Agent audio: a queueing worklet → gain (volume, fades) → analyser → speakers. */
export class AudioPlayback {
  private volume = 1;
  private fadeTimer: unknown;

  private constructor(
    readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
    private readonly gain: GainNode,
    readonly analyser: AnalyserNode,
    private readonly platform: Pick<VoicePlatform, 'setTimeout' | 'clearTimeout'>,
  ) {}

  /** Builds the playback graph; on failure closes its context and rethrows. */
  static async create(
    format: AudioFormat,
    platform: Pick<
      VoicePlatform,
      'createAudioContext' | 'createWorkletNode' | 'setTimeout' | 'clearTimeout'
    >,
    events: { onPlaying(): void; onDrained(): void },
    workletUrls?: WorkletUrls,
  ): Promise<AudioPlayback> {
    let context: AudioContext | undefined;
    try {
      try {
        context = platform.createAudioContext({ sampleRate: format.sampleRate });
      } catch {
        context = platform.createAudioContext(); // the worklet resamples
      }
      await loadWorklet(context, 'playback', workletUrls);
      const node = platform.createWorkletNode(context, WORKLETS.playback.name, {
        numberOfInputs: 0,
        outputChannelCount: [1],
      });
      node.port.postMessage({ type: 'config', sampleRate: format.sampleRate });
      const gain = context.createGain();
      const analyser = context.createAnalyser();
      node.connect(gain);
      gain.connect(analyser);
      analyser.connect(context.destination);
      // Not awaited: without a user gesture resume() can stay pending, which must not hang the
      // start; the context runs as soon as the page is allowed to play audio.
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      const playback = new AudioPlayback(context, node, gain, analyser, platform);
      node.port.onmessage = (event: MessageEvent<{ type: string }>) => {
        // An interrupted turn's queued audio plays on under the fade, and a busy page can stall
        // it and start it again: that is not the agent speaking again.
        if (event.data.type === 'playing' && playback.fadeTimer === undefined) events.onPlaying();
        else if (event.data.type === 'drained') events.onDrained();
      };
      return playback;
    } catch (error) {
      await context?.close().catch(() => undefined);
      if (error instanceof VoiceClientError) throw error;
      throw new VoiceClientError('AUDIO_FAILED', 'Could not start audio playback.', undefined, {
        cause: error,
      });
    }
  }

  /** Queues decoded samples; audio arriving during an interruption fade starts a fresh turn. */
  play(samples: Float32Array): void {
    if (this.fadeTimer !== undefined) this.restore(true);
    this.node.port.postMessage({ type: 'buffer', samples }, [samples.buffer]);
  }

  /** Fades out over 2 s while queued audio runs out, then drops the rest and restores volume. */
  interrupt(): void {
    if (this.fadeTimer !== undefined) return;
    const g = this.gain.gain;
    const now = this.context.currentTime;
    g.cancelScheduledValues(now);
    g.setValueAtTime(Math.max(g.value, FADE_FLOOR), now);
    g.exponentialRampToValueAtTime(FADE_FLOOR, now + FADE_MS / 1000);
    this.fadeTimer = this.platform.setTimeout(() => this.restore(true), FADE_MS);
  }

  private restore(clearQueue: boolean): void {
    if (this.fadeTimer !== undefined) this.platform.clearTimeout(this.fadeTimer);
    this.fadeTimer = undefined;
    if (clearQueue) this.node.port.postMessage({ type: 'clear' });
    const g = this.gain.gain;
    g.cancelScheduledValues(this.context.currentTime);
    g.setValueAtTime(this.volume, this.context.currentTime);
  }

  setVolume(volume: number): void {
    this.volume = Math.max(0, Math.min(1, volume));
    if (this.fadeTimer === undefined)
      this.gain.gain.setValueAtTime(this.volume, this.context.currentTime);
  }

  get level(): number {
    return levelOf(this.analyser);
  }

  async close(): Promise<void> {
    if (this.fadeTimer !== undefined) this.platform.clearTimeout(this.fadeTimer);
    this.fadeTimer = undefined;
    this.node.port.onmessage = null;
    this.node.disconnect();
    if (this.context.state !== 'closed') await this.context.close().catch(() => undefined);
  }
}
