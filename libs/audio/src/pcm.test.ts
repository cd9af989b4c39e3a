import { describe, expect, it } from 'vitest';
import {
  decodePcm16,
  encodePcm16,
  floatToPcm16,
  floatToUlaw,
  pcm16ToFloat,
  ulawToFloat,
} from './pcm';
import { linearToUlaw } from './ulaw';

describe('16-bit PCM', () => {
  it('int16 ↔ little-endian bytes, every value', () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    const bytes = encodePcm16(all);
    expect([...bytes.subarray(0, 4)]).toEqual([0x00, 0x80, 0x01, 0x80]); // -32768, -32767
    expect([...decodePcm16(bytes)]).toEqual([...all]);
  });

  it('drops an odd trailing byte and reads from an odd offset', () => {
    const bytes = new Uint8Array([9, 0xff, 0x7f, 0x00, 0x80, 7]).subarray(1);
    expect([...decodePcm16(bytes)]).toEqual([32767, -32768]);
    expect([...pcm16ToFloat(bytes)]).toEqual([32767 / 32768, -1]);
  });

  it('floats: clamps, scales negatives by 32768 and positives by 32767, truncates toward 0', () => {
    const bytes = floatToPcm16(new Float32Array([0, 1, -1, 1.5, -1.5, 0.5, -0.5, 0.99999, NaN]));
    expect([...decodePcm16(bytes)]).toEqual([
      0, 32767, -32768, 32767, -32768, 16383, -16384, 32766, 0,
    ]);
  });

  it('floats round-trip within one quantisation step', () => {
    const input = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7) * 0.9);
    const output = pcm16ToFloat(floatToPcm16(input));
    input.forEach((v, i) => expect(Math.abs((output[i] as number) - v)).toBeLessThan(1 / 16000));
  });
});

describe('float µ-law', () => {
  it('scales, clamps and rounds to int16 before encoding', () => {
    const floats = new Float32Array([0, 1, -1, 2, -2, 100 / 32767, -0.00001, NaN]);
    expect([...floatToUlaw(floats)]).toEqual([0xff, 0x80, 0x00, 0x80, 0x00, 0xf2, 0xff, 0xff]);
    for (let i = -300; i <= 300; i++) {
      const f = i / 300;
      const int = Math.round(f < 0 ? f * 32768 : f * 32767);
      expect(floatToUlaw(new Float32Array([f]))[0]).toBe(linearToUlaw(int));
    }
  });

  it('decodes to int16 / 32768', () => {
    const back = ulawToFloat(floatToUlaw(new Float32Array([0.5, -0.25])));
    expect(back[0]).toBeCloseTo(0.5, 1);
    expect(back[1]).toBeCloseTo(-0.25, 1);
    expect(ulawToFloat(new Uint8Array([0x80]))[0]).toBe(32124 / 32768);
  });
});
