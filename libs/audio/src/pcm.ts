import { ulawEncodeTable, ulawToLinear } from './ulaw';

// Signed 16-bit little-endian PCM (voice-protocol.md §8) and the float samples of Web Audio.
// Floats are clamped to [-1, 1], negatives scaled by 32768 and positives by 32767; PCM truncates
// toward zero, µ-law rounds (the spec's words). Decoded floats are int16 / 32768.

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A float sample on the int16 scale, clamped, not yet rounded. */
function scaled(s: number): number {
  return s < 0 ? (s < -1 ? -32768 : s * 32768) : s > 1 ? 32767 : s * 32767;
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

/** Float samples → signed 16-bit little-endian PCM bytes (clamped, truncated toward zero). */
export function floatToPcm16(samples: Float32Array): Uint8Array {
  const n = samples.length;
  const bytes = new Uint8Array(n * 2);
  if (LITTLE_ENDIAN) {
    // Int16Array stores ToInt16(x), which truncates toward zero as the spec asks.
    const out = new Int16Array(bytes.buffer);
    for (let i = 0; i < n; i++) out[i] = scaled(samples[i] as number);
  } else {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) view.setInt16(i * 2, scaled(samples[i] as number), true);
  }
  return bytes;
}

/** Float samples → µ-law bytes (rounded to int16 first, as the spec asks). */
export function floatToUlaw(samples: Float32Array): Uint8Array {
  const table = ulawEncodeTable();
  const n = samples.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    out[i] = table[Math.round(scaled(samples[i] as number)) & 0xffff] as number;
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
