import { describe, expect, it } from 'vitest';
import { decodeUlaw, encodeUlaw, linearToUlaw, ulawToLinear } from './ulaw';

// The reference: G.711's µ-law as in the ITU-T G.191 / Sun g711.c "linear2ulaw" — clip the
// magnitude at 32635, add the bias 0x84, find the segment with a table search of the segment
// ends, take 4 mantissa bits, complement. Written independently of the clz32 code under test.
const SEG_END = [0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff, 0x3fff, 0x7fff];
function referenceLinearToUlaw(pcm: number): number {
  let mask: number;
  let v = pcm;
  if (v < 0) {
    v = -v;
    mask = 0x7f;
  } else {
    mask = 0xff;
  }
  if (v > 32635) v = 32635;
  v += 0x84;
  let seg = 0;
  while (seg < 8 && v > (SEG_END[seg] as number)) seg++;
  if (seg >= 8) return 0x7f ^ mask;
  return ((seg << 4) | ((v >> (seg + 3)) & 0x0f)) ^ mask;
}

// Decoding per voice-protocol.md §8: segment base + mantissa step, sign from bit 7.
const SEGMENT_BASES = [0, 132, 396, 924, 1980, 4092, 8316, 16764];
function referenceUlawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const seg = (u >> 4) & 7;
  const step = 1 << (seg + 3);
  const magnitude = (SEGMENT_BASES[seg] as number) + (u & 0x0f) * step;
  return u & 0x80 ? -magnitude : magnitude;
}

describe('G.711 µ-law', () => {
  it('encodes every int16 value as the reference algorithm does', () => {
    let mismatches = 0;
    for (let s = -32768; s < 32768; s++) {
      if (linearToUlaw(s) !== referenceLinearToUlaw(s)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('the table encoder agrees with the per-sample one on every int16 value', () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    const bytes = encodeUlaw(all);
    let mismatches = 0;
    all.forEach((s, i) => (mismatches += bytes[i] === referenceLinearToUlaw(s) ? 0 : 1));
    expect(mismatches).toBe(0);
  });

  it('decodes all 256 codes with the segment bases 0, 132, 396 … 16764', () => {
    for (let b = 0; b < 256; b++) expect(ulawToLinear(b)).toBe(referenceUlawToLinear(b));
    const bases = [0, 1, 2, 3, 4, 5, 6, 7].map((e) => ulawToLinear(~(e << 4) & 0xff));
    expect(bases).toEqual(SEGMENT_BASES);
    expect(ulawToLinear(0x80)).toBe(32124);
    expect(ulawToLinear(0x00)).toBe(-32124);
    expect([...decodeUlaw(Uint8Array.from({ length: 256 }, (_, b) => b))]).toEqual(
      Array.from({ length: 256 }, (_, b) => ulawToLinear(b) || 0), // Int16Array has no -0
    );
  });

  it('round-trips all 256 codes (negative zero, 0x7f, comes back as 0xff)', () => {
    for (let b = 0; b < 256; b++) {
      expect(linearToUlaw(ulawToLinear(b))).toBe(b === 0x7f ? 0xff : b);
    }
    const codes = Uint8Array.from({ length: 256 }, (_, b) => b);
    expect([...encodeUlaw(decodeUlaw(codes))]).toEqual(
      [...codes].map((b) => (b === 0x7f ? 0xff : b)),
    );
  });

  it('keeps the error within the segment step on a full-scale sweep', () => {
    for (let s = -32768; s < 32768; s++) {
      const error = Math.abs(ulawToLinear(linearToUlaw(s)) - s);
      if (error > Math.max(16, Math.abs(s) / 16) + 132) throw new Error(`error ${error} at ${s}`);
    }
  });

  it('encodes known vectors; silence is 0xff', () => {
    expect(linearToUlaw(0)).toBe(0xff);
    expect(linearToUlaw(-1)).toBe(0x7f);
    expect(linearToUlaw(32767)).toBe(0x80);
    expect(linearToUlaw(-32768)).toBe(0x00);
    expect(linearToUlaw(100)).toBe(0xf2);
    expect(linearToUlaw(-100)).toBe(0x72);
    expect(linearToUlaw(1000)).toBe(0xce);
    expect(linearToUlaw(8316)).toBe(0x9f);
  });

  it('rounds a fractional sample to the nearest int16 first (the spec: "rounded")', () => {
    expect(linearToUlaw(-0.6)).toBe(linearToUlaw(-1));
    expect(linearToUlaw(-0.4)).toBe(0xff);
    expect(linearToUlaw(99.5)).toBe(linearToUlaw(100));
    expect(linearToUlaw(99.4)).toBe(linearToUlaw(99));
  });

  it('treats values past int16 as full scale, keeping their sign', () => {
    expect(linearToUlaw(40000)).toBe(linearToUlaw(32767));
    expect(linearToUlaw(65535)).toBe(linearToUlaw(32767));
    expect(linearToUlaw(-40000)).toBe(linearToUlaw(-32768));
  });
});
