import type { VoicePlatform } from '../platform';
import { VoiceClientError } from '../voice-client-error';
import { type WorkletUrls, WORKLETS, loadWorklet } from '../worklets/worklet-loader';
import type { AudioFormat } from './format';
import { levelOf } from './levels';

/** Chunk length the spec asks for: a quarter second of samples. */
export const CHUNK_MS = 250;

/** Microphone → AudioWorklet at the protocol's input rate → float chunks. */
export class MicrophoneCapture {
  private muted = false;

  private constructor(
    private readonly stream: MediaStream,
    readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
    private readonly source: MediaStreamAudioSourceNode,
    readonly analyser: AnalyserNode,
  ) {}

  /**
   * Builds the capture graph on an already-granted stream. On failure closes its context and
   * rethrows; the stream belongs to the caller, who stops it.
   */
  static async create(
    stream: MediaStream,
    format: AudioFormat,
    platform: Pick<VoicePlatform, 'createAudioContext' | 'createWorkletNode'>,
    onChunk: (samples: Float32Array) => void,
    workletUrls?: WorkletUrls,
  ): Promise<MicrophoneCapture> {
    let context: AudioContext | undefined;
    try {
      let source: MediaStreamAudioSourceNode;
      try {
        context = platform.createAudioContext({ sampleRate: format.sampleRate });
        source = context.createMediaStreamSource(stream);
      } catch {
        // Firefox refuses a mic source in a context at another rate: open the device's rate
        // and let the worklet resample.
        await context?.close().catch(() => undefined);
        context = platform.createAudioContext();
        source = context.createMediaStreamSource(stream);
      }
      await loadWorklet(context, 'capture', workletUrls);
      const node = platform.createWorkletNode(context, WORKLETS.capture.name, {
        numberOfOutputs: 0,
      });
      node.port.onmessage = (event: MessageEvent<{ type: string; samples: Float32Array }>) => {
        if (event.data.type === 'chunk') onChunk(event.data.samples);
      };
      node.port.postMessage({
        type: 'config',
        sampleRate: format.sampleRate,
        chunkSamples: Math.round((format.sampleRate * CHUNK_MS) / 1000),
      });
      const analyser = context.createAnalyser();
      source.connect(analyser);
      source.connect(node);
      // Not awaited: without a user gesture resume() can stay pending, which must not hang the
      // start; the context runs as soon as the page is allowed to play audio.
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      return new MicrophoneCapture(stream, context, node, source, analyser);
    } catch (error) {
      await context?.close().catch(() => undefined);
      if (error instanceof VoiceClientError) throw error;
      throw new VoiceClientError('AUDIO_FAILED', 'Could not start microphone capture.', undefined, {
        cause: error,
      });
    }
  }

  setMuted(muted: boolean): void {
    if (muted === this.muted) return;
    this.muted = muted;
    this.node.port.postMessage({ type: 'mute', muted });
  }

  get volume(): number {
    return levelOf(this.analyser);
  }

  async close(): Promise<void> {
    this.node.port.onmessage = null;
    this.source.disconnect();
    this.node.disconnect();
    this.stream.getTracks().forEach((t) => t.stop());
    if (this.context.state !== 'closed') await this.context.close().catch(() => undefined);
  }
}
