import {
  Base64Error,
  base64ToBytes as decodeBase64,
  bytesToBase64,
  decodePcm16,
  decodeUlaw,
  encodePcm16,
  encodeUlaw,
} from '@fieldcraft/audio';
import { AgentOutputFormatSchema } from '@fieldcraft/contracts';
import { Resampler } from './resample';

// The protocol's audio formats (voice-protocol.md §8) at the socket: `<codec>_<rate>`, mono,
// pcm = signed 16-bit little-endian, ulaw = G.711 µ-law, payload = standard padded base64.
// Inside the server audio is always int16; recognition wants 16 kHz. The codecs themselves are
// libs/audio's, shared with the browser voice client.

export type AudioFormat = { codec: 'pcm' | 'ulaw'; sampleRate: number };

/** The formats the protocol allows (voice-protocol.md §8). */
export const SUPPORTED_FORMATS = AgentOutputFormatSchema.options;

/** The rate the recognizer and the endpointer work at. */
export const RECOGNITION_RATE = 16000;

/** Thrown for a format string outside SUPPORTED_FORMATS. */
export class AudioFormatError extends Error {
  override name = 'AudioFormatError';
}

/** 'pcm_16000' → {codec:'pcm', sampleRate:16000}; throws AudioFormatError on anything else. */
export function parseAudioFormat(s: string): AudioFormat {
  if (!(SUPPORTED_FORMATS as readonly string[]).includes(s)) {
    throw new AudioFormatError(
      `Unsupported audio format "${s}"; use one of ${SUPPORTED_FORMATS.join(', ')}`,
    );
  }
  const [codec, rate] = s.split('_') as ['pcm' | 'ulaw', string];
  return { codec, sampleRate: Number(rate) };
}

/** The protocol's name of a format, e.g. 'ulaw_8000'. */
export function formatName(format: AudioFormat): string {
  return `${format.codec}_${format.sampleRate}`;
}

/** Standard base64 → bytes; throws AudioFormatError on anything that is not base64. */
export function base64ToBytes(base64: string): Uint8Array {
  try {
    return decodeBase64(base64);
  } catch (err) {
    if (err instanceof Base64Error) throw new AudioFormatError('Audio chunk is not valid base64');
    throw err;
  }
}

/** Resamples a whole signal (zeros assumed outside it); same rate returns the input. */
export function resample(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return samples;
  const resampler = new Resampler(fromRate, toRate);
  const head = resampler.push(samples);
  const tail = resampler.flush();
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** Raw payload bytes of one format → int16 samples at that format's rate. */
export function decodeBytes(bytes: Uint8Array, format: AudioFormat): Int16Array {
  return format.codec === 'ulaw' ? decodeUlaw(bytes) : decodePcm16(bytes);
}

/**
 * One user_audio_chunk → mono int16 at 16 kHz. Each call stands alone (the signal is taken as
 * silent outside the chunk); for a stream, `createUserAudioDecoder` keeps the filter's history
 * across chunks so the chunk edges leave no trace.
 */
export function decodeUserAudio(base64: string, format: AudioFormat): Int16Array {
  return resample(decodeBytes(base64ToBytes(base64), format), format.sampleRate, RECOGNITION_RATE);
}

/** A stateful decoder for one conversation's mic stream: chunks in, 16 kHz int16 out. */
export function createUserAudioDecoder(format: AudioFormat) {
  const resampler =
    format.sampleRate === RECOGNITION_RATE
      ? null
      : new Resampler(format.sampleRate, RECOGNITION_RATE);
  return {
    decode(base64: string): Int16Array {
      const samples = decodeBytes(base64ToBytes(base64), format);
      return resampler ? resampler.push(samples) : samples;
    },
    /** What the filter still holds (a few ms) at the end of the stream. */
    flush(): Int16Array {
      return resampler ? resampler.flush() : new Int16Array(0);
    },
  };
}

/**
 * Synthesised audio → the protocol's base64 chunks in the agent's output format, `chunkMs`
 * (default 100 ms) each; the last one may be shorter. Empty input → no chunks.
 */
export function encodeAgentAudio(
  samples: Int16Array,
  sampleRate: number,
  format: AudioFormat,
  chunkMs = 100,
): string[] {
  const converted = resample(samples, sampleRate, format.sampleRate);
  const per = Math.max(1, Math.round((format.sampleRate * chunkMs) / 1000));
  const chunks: string[] = [];
  for (let start = 0; start < converted.length; start += per) {
    const part = converted.subarray(start, Math.min(converted.length, start + per));
    const bytes = format.codec === 'ulaw' ? encodeUlaw(part) : encodePcm16(part);
    chunks.push(bytesToBase64(bytes));
  }
  return chunks;
}
