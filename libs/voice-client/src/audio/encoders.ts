import type { AudioCodec } from './format';

// Pure, allocation-light codecs for the protocol's audio (voice-protocol.md §8). They run on
// the main thread so the worklets stay tiny and the codec is tested once, in Node.

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Float samples → signed 16-bit little-endian PCM (clamped, truncated toward zero). */
export function floatToPcm16(samples: Float32Array): Uint8Array {
  const n = samples.length;
  const bytes = new Uint8Array(n * 2);
  if (LITTLE_ENDIAN) {
    const out = new Int16Array(bytes.buffer);
    for (let i = 0; i < n; i++) {
      const s = samples[i] as number;
      // Int16Array stores ToInt16(x), which truncates toward zero as the spec asks.
      out[i] = s < 0 ? (s < -1 ? -32768 : s * 32768) : s > 1 ? 32767 : s * 32767;
    }
  } else {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) {
      const s = Math.max(-1, Math.min(1, samples[i] as number));
      view.setInt16(i * 2, Math.trunc(s < 0 ? s * 32768 : s * 32767), true);
    }
  }
  return bytes;
}

/** One int16 sample → its G.711 µ-law byte (bias 0x84, clip 32635, complemented). */
export function linearToUlaw(sample: number): number {
  let s = sample | 0;
  const sign = (s >> 8) & 0x80;
  if (sign !== 0) s = -s;
  s += 0x84;
  if (s > 32635) s = 32635;
  const exponent = 24 - Math.clz32(s); // highest set bit (7..14) minus 7
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One µ-law byte → int16 (segment bases 0, 132, 396, … 16764). */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << exponent) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
}

let ulawTable: Uint8Array | undefined;

// 64 KB once, then one lookup per sample: µ-law encoding is branchy and this is the hot path.
function ulawLookup(): Uint8Array {
  if (!ulawTable) {
    ulawTable = new Uint8Array(65536);
    for (let i = -32768; i < 32768; i++) ulawTable[i & 0xffff] = linearToUlaw(i);
  }
  return ulawTable;
}

/** Float samples → µ-law bytes (rounded to int16 first, as the spec asks). */
export function floatToUlaw(samples: Float32Array): Uint8Array {
  const table = ulawLookup();
  const n = samples.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = samples[i] as number;
    const v = s < 0 ? (s < -1 ? -32768 : s * 32768) : s > 1 ? 32767 : s * 32767;
    out[i] = table[Math.round(v) & 0xffff] as number;
  }
  return out;
}

/** 16-bit little-endian PCM bytes → float samples in [-1, 1). */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const n = bytes.length >> 1;
  const out = new Float32Array(n);
  if (LITTLE_ENDIAN && bytes.byteOffset % 2 === 0) {
    const ints = new Int16Array(bytes.buffer, bytes.byteOffset, n);
    for (let i = 0; i < n; i++) out[i] = (ints[i] as number) / 32768;
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  }
  return out;
}

/** µ-law bytes → float samples. */
export function ulawToFloat(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ulawToLinear(bytes[i] as number) / 32768;
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const REVERSE = new Uint8Array(128).fill(255);
CODES.forEach((code, i) => (REVERSE[code] = i));

let ascii: TextDecoder | undefined;

type NativeBase64 = Uint8Array & { toBase64?: () => string };

/** Standard padded base64 of raw bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as NativeBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const t =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = CODES[t >> 18] as number;
    out[o++] = CODES[(t >> 12) & 63] as number;
    out[o++] = CODES[(t >> 6) & 63] as number;
    out[o++] = CODES[t & 63] as number;
  }
  if (i < n) {
    const t = ((bytes[i] as number) << 16) | (i + 1 < n ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = CODES[t >> 18] as number;
    out[o++] = CODES[(t >> 12) & 63] as number;
    out[o++] = i + 1 < n ? (CODES[(t >> 6) & 63] as number) : 61;
    out[o] = 61;
  }
  // Decoding one ASCII buffer is far cheaper than growing a string 4 characters at a time.
  ascii ??= new TextDecoder('latin1');
  return ascii.decode(out);
}

/** Standard base64 (padding optional) → bytes; throws on characters outside the alphabet. */
export function base64ToBytes(base64: string): Uint8Array {
  let end = base64.length;
  while (end > 0 && base64.charCodeAt(end - 1) === 61) end--;
  const out = new Uint8Array((end * 3) >> 2);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const code = base64.charCodeAt(i);
    const v = code < 128 ? (REVERSE[code] as number) : 255;
    if (v === 255) throw new TypeError(`Invalid base64 character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Float samples → the protocol's base64 payload in the given codec. */
export function encodeAudio(samples: Float32Array, codec: AudioCodec): string {
  return bytesToBase64(codec === 'ulaw' ? floatToUlaw(samples) : floatToPcm16(samples));
}

/** The protocol's base64 payload → float samples. */
export function decodeAudio(base64: string, codec: AudioCodec): Float32Array {
  const bytes = base64ToBytes(base64);
  return codec === 'ulaw' ? ulawToFloat(bytes) : pcm16ToFloat(bytes);
}
