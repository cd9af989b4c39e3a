import { floatToPcm16, floatToUlaw, pcm16ToFloat, ulawToFloat } from '@fieldcraft/audio';
import { describe, expect, it } from 'vitest';
import { decodeAudio, encodeAudio } from './encoders';

// The codecs themselves are tested exhaustively in libs/audio; this is the protocol payload.
describe('audio payloads', () => {
  it('encode float samples as base64 in either codec', () => {
    const samples = new Float32Array([0, 0.5, -0.5]);
    expect(encodeAudio(samples, 'pcm')).toBe(Buffer.from(floatToPcm16(samples)).toString('base64'));
    expect(encodeAudio(samples, 'ulaw')).toBe(Buffer.from(floatToUlaw(samples)).toString('base64'));
    expect(encodeAudio(new Float32Array(4), 'ulaw')).toBe('/////w==');
  });

  it('decode base64 back to float samples in either codec', () => {
    const samples = new Float32Array([0, 0.5, -0.5]);
    expect([...decodeAudio(encodeAudio(samples, 'pcm'), 'pcm')]).toEqual([
      ...pcm16ToFloat(floatToPcm16(samples)),
    ]);
    expect([...decodeAudio(encodeAudio(samples, 'ulaw'), 'ulaw')]).toEqual([
      ...ulawToFloat(floatToUlaw(samples)),
    ]);
  });

  it('refuses a payload that is not base64', () => {
    expect(() => decodeAudio('AA$A', 'pcm')).toThrow(TypeError);
  });
});
