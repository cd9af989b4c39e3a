import { describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_FORMAT, parseFormat } from './format';

describe('parseFormat', () => {
  it('reads pcm and ulaw formats with their sample rate', () => {
    expect(parseFormat(DEFAULT_INPUT_FORMAT)).toEqual({ format: 'pcm', sampleRate: 16000 });
    expect(parseFormat('ulaw_8000')).toEqual({ format: 'ulaw', sampleRate: 8000 });
  });

  it('rejects an unknown codec with the spec text', () => {
    expect(() => parseFormat('mp3_44100')).toThrow('Invalid format: mp3_44100');
    expect(() => parseFormat('pcm_16000_x')).toThrow('Invalid format: pcm_16000_x');
  });

  it('rejects a non-numeric or missing sample rate', () => {
    expect(() => parseFormat('pcm_fast')).toThrow('Invalid sample rate: fast');
    expect(() => parseFormat('pcm')).toThrow('Invalid sample rate: ');
    expect(() => parseFormat('ulaw_0')).toThrow('Invalid sample rate: 0');
  });
});
