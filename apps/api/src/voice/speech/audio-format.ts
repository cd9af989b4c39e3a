import { Resampler } from './resample';

// The protocol's audio formats (voice-protocol.md §8) at the socket: `<codec>_<rate>`, mono,
// pcm = signed 16-bit little-endian, ulaw = G.711 µ-law, payload = standard padded base64.
// Inside the server audio is always int16; recognition wants 16 kHz.

export type AudioFormat = { codec: 'pcm' | 'ulaw'; sampleRate: number };

/** The formats the protocol allows (voice-protocol.md §8). */
export const SUPPORTED_FORMATS = [
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
] as const;

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

/** One int16 sample → its G.711 µ-law byte: bias 0x84, clip at 32635, complemented. */
export function linearToUlaw(sample: number): number {
  let s = Math.round(sample) | 0;
  const sign = s < 0 ? 0x80 : 0;
  if (sign !== 0) s = -s;
  s += 0x84;
  if (s > 32635) s = 32635;
  const exponent = 24 - Math.clz32(s); // highest set bit (7..14) minus 7
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One µ-law byte → int16 (segment bases 0, 132, 396, 924, 1980, 4092, 8316, 16764). */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << exponent) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
}

let ulawEncodeTable: Uint8Array | undefined;
const ulawDecodeTable = Int16Array.from({ length: 256 }, (_, b) => ulawToLinear(b));

function ulawTable(): Uint8Array {
  if (!ulawEncodeTable) {
    ulawEncodeTable = new Uint8Array(65536);
    for (let i = -32768; i < 32768; i++) ulawEncodeTable[i & 0xffff] = linearToUlaw(i);
  }
  return ulawEncodeTable;
}

/** int16 samples → µ-law bytes. */
export function encodeUlaw(samples: Int16Array): Uint8Array {
  const table = ulawTable();
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++)
    out[i] = table[(samples[i] as number) & 0xffff] as number;
  return out;
}

/** µ-law bytes → int16 samples. */
export function decodeUlaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ulawDecodeTable[bytes[i] as number] as number;
  return out;
}

/** int16 samples → little-endian bytes. */
export function encodePcm16(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] as number, true);
  return bytes;
}

/** Little-endian bytes → int16 samples (an odd trailing byte is dropped). */
export function decodePcm16(bytes: Uint8Array): Int16Array {
  const n = bytes.length >> 1;
  const out = new Int16Array(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 → bytes; throws AudioFormatError on anything that is not base64. */
export function base64ToBytes(base64: string): Uint8Array {
  if (base64.length % 4 === 1 || !BASE64.test(base64)) {
    throw new AudioFormatError('Audio chunk is not valid base64');
  }
  const buf = Buffer.from(base64, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
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
    chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'));
  }
  return chunks;
}
