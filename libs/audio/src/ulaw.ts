// G.711 µ-law (voice-protocol.md §8): one byte per sample. Encoding takes the int16 value
// (rounded), keeps the sign, adds the bias 0x84, clips at 32635, finds the segment (exponent 0–7)
// from the top bit, keeps 4 mantissa bits and complements the lot; silence is 0xFF. Decoding
// reverses it with the segment bases 0, 132, 396, 924, 1980, 4092, 8316, 16764.

const BIAS = 0x84;
const CLIP = 32635;

/** One sample (int16 scale; rounded, and clamped to int16) → its µ-law byte. */
export function linearToUlaw(sample: number): number {
  let s = Math.round(sample) | 0;
  const sign = s < 0 ? 0x80 : 0;
  if (sign !== 0) s = -s;
  s += BIAS;
  if (s > CLIP) s = CLIP;
  const exponent = 24 - Math.clz32(s); // highest set bit (7..14) minus 7
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One µ-law byte → int16. */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

let encodeTable: Uint8Array | undefined;
let decodeTable: Int16Array | undefined;

/**
 * The µ-law byte of every int16 value, indexed by `sample & 0xffff`: 64 KB built on first use,
 * then one lookup per sample (the encoder is branchy and this is the hot path).
 */
export function ulawEncodeTable(): Uint8Array {
  if (!encodeTable) {
    encodeTable = new Uint8Array(65536);
    for (let i = -32768; i < 32768; i++) encodeTable[i & 0xffff] = linearToUlaw(i);
  }
  return encodeTable;
}

function ulawDecodeTable(): Int16Array {
  decodeTable ??= Int16Array.from({ length: 256 }, (_, b) => ulawToLinear(b));
  return decodeTable;
}

/** int16 samples → µ-law bytes. */
export function encodeUlaw(samples: Int16Array): Uint8Array {
  const table = ulawEncodeTable();
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = table[(samples[i] as number) & 0xffff] as number;
  }
  return out;
}

/** µ-law bytes → int16 samples. */
export function decodeUlaw(bytes: Uint8Array): Int16Array {
  const table = ulawDecodeTable();
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = table[bytes[i] as number] as number;
  return out;
}
