import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  decodeAudio,
  encodeAudio,
  floatToPcm16,
  floatToUlaw,
  linearToUlaw,
  pcm16ToFloat,
  ulawToFloat,
  ulawToLinear,
} from './encoders';

// Reference µ-law encoder written from the G.711 description in voice-protocol.md §8 with the
// classic segment table, independent of the clz32 implementation under test.
const SEG = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
function referenceUlaw(sample: number): number {
  let s = sample;
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s = Math.min(s + 132, 32635);
  const top = s >> 7;
  const exponent =
    top < 16 ? (SEG[top] as number) : top < 32 ? 4 : top < 64 ? 5 : top < 128 ? 6 : 7;
  return ~(sign | (exponent << 4) | ((s >> (exponent + 3)) & 0x0f)) & 0xff;
}

describe('G.711 µ-law', () => {
  it('encodes known vectors', () => {
    expect(linearToUlaw(0)).toBe(0xff);
    expect(linearToUlaw(-1)).toBe(0x7f);
    expect(linearToUlaw(32767)).toBe(0x80);
    expect(linearToUlaw(-32768)).toBe(0x00);
    expect(linearToUlaw(100)).toBe(0xf2);
    expect(linearToUlaw(-100)).toBe(0x72);
    expect(linearToUlaw(1000)).toBe(0xce);
    expect(linearToUlaw(8316)).toBe(0x9f);
  });

  it('decodes known vectors (segment bases 0, 132, 396 … 16764)', () => {
    expect(ulawToLinear(0xff)).toBe(0);
    expect(ulawToLinear(0x7f)).toBe(-0);
    expect(ulawToLinear(0x80)).toBe(32124);
    expect(ulawToLinear(0x00)).toBe(-32124);
    expect(ulawToLinear(0xf0)).toBe(120);
    const bases = [0, 1, 2, 3, 4, 5, 6, 7].map((e) => ulawToLinear(~(e << 4) & 0xff));
    expect(bases).toEqual([0, 132, 396, 924, 1980, 4092, 8316, 16764]);
  });

  it('matches the reference encoder on every int16 value', () => {
    for (let s = -32768; s < 32768; s++) {
      if (linearToUlaw(s) !== referenceUlaw(s)) throw new Error(`mismatch at ${s}`);
    }
  });

  it('round-trips every code word except negative zero', () => {
    for (let b = 0; b < 256; b++) {
      expect(linearToUlaw(ulawToLinear(b))).toBe(b === 0x7f ? 0xff : b);
    }
  });

  it('encodes floats through the table with rounding and clamping', () => {
    const floats = new Float32Array([0, 1, -1, 2, -2, 100 / 32767, -0.00001]);
    expect([...floatToUlaw(floats)]).toEqual([0xff, 0x80, 0x00, 0x80, 0x00, 0xf2, 0xff]);
    const back = ulawToFloat(floatToUlaw(new Float32Array([0.5, -0.25])));
    expect(back[0]).toBeCloseTo(0.5, 1);
    expect(back[1]).toBeCloseTo(-0.25, 1);
  });
});

describe('16-bit PCM', () => {
  it('clamps, scales negatives by 32768 and positives by 32767, truncating toward zero', () => {
    const bytes = floatToPcm16(new Float32Array([0, 1, -1, 1.5, -1.5, 0.5, -0.5, 0.99999]));
    const ints = Array.from(new Int16Array(bytes.buffer));
    expect(ints).toEqual([0, 32767, -32768, 32767, -32768, 16383, -16384, 32766]);
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 0xff, 0x7f]); // little-endian
  });

  it('round-trips within one quantisation step', () => {
    const input = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7) * 0.9);
    const output = pcm16ToFloat(floatToPcm16(input));
    input.forEach((v, i) => expect(Math.abs((output[i] as number) - v)).toBeLessThan(1 / 16000));
  });

  it('decodes from an odd byte offset', () => {
    const bytes = new Uint8Array([9, 0xff, 0x7f, 0x00, 0x80]).subarray(1);
    expect([...pcm16ToFloat(bytes)]).toEqual([32767 / 32768, -1]);
  });
});

describe('base64', () => {
  it('matches Node for every length and padding case', () => {
    for (let n = 0; n < 50; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      const expected = Buffer.from(bytes).toString('base64');
      expect(bytesToBase64(bytes)).toBe(expected);
      expect([...base64ToBytes(expected)]).toEqual([...bytes]);
    }
  });

  it('rejects characters outside the alphabet', () => {
    expect(() => base64ToBytes('AA$A')).toThrow(TypeError);
  });

  it('encodes and decodes protocol payloads in both codecs', () => {
    const samples = new Float32Array([0, 0.5, -0.5]);
    expect(encodeAudio(samples, 'pcm')).toBe(Buffer.from(floatToPcm16(samples)).toString('base64'));
    expect(decodeAudio(encodeAudio(samples, 'ulaw'), 'ulaw')).toHaveLength(3);
    expect(encodeAudio(new Float32Array(4), 'ulaw')).toBe('/////w==');
  });
});
