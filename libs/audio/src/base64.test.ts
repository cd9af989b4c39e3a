import { describe, expect, it } from 'vitest';
import { Base64Error, base64ToBytes, bytesToBase64 } from './base64';

// btoa/atob are the reference: both exist in browsers and in Node.
const reference = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('base64', () => {
  it('matches btoa for every length and padding case, and decodes back', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff);
      const expected = reference(bytes);
      expect(bytesToBase64(bytes)).toBe(expected);
      expect([...base64ToBytes(expected)]).toEqual([...bytes]);
      expect([...base64ToBytes(expected.replace(/=+$/, ''))]).toEqual([...bytes]);
    }
  });

  it('covers the whole alphabet', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bytesToBase64(bytes)).toBe(reference(bytes));
    expect([...base64ToBytes(reference(bytes))]).toEqual([...bytes]);
  });

  it.each(['AA$A', 'AAAA===', 'AA=A', 'A', 'AAAAA', 'AAA==', '=', 'AAAé'])('rejects %j', (s) => {
    expect(() => base64ToBytes(s)).toThrow(Base64Error);
    expect(() => base64ToBytes(s)).toThrow(TypeError);
  });

  it('accepts the empty string', () => {
    expect(base64ToBytes('')).toHaveLength(0);
    expect(bytesToBase64(new Uint8Array(0))).toBe('');
  });
});
