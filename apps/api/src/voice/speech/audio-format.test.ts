import { describe, expect, it } from 'vitest';
import { decodeUlaw, encodePcm16, encodeUlaw } from '@fieldcraft/audio';
import {
  AudioFormatError,
  createUserAudioDecoder,
  decodeUserAudio,
  encodeAgentAudio,
  parseAudioFormat,
  resample,
  SUPPORTED_FORMATS,
} from './audio-format';
import { concat, rms, tone } from './test-signals';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Amplitude of one frequency in a signal (single-bin DFT). */
function magnitude(samples: Int16Array, freq: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    re += (samples[i] as number) * Math.cos((2 * Math.PI * freq * i) / rate);
    im += (samples[i] as number) * Math.sin((2 * Math.PI * freq * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

describe('parseAudioFormat', () => {
  it('accepts every protocol format', () => {
    expect(SUPPORTED_FORMATS.map(parseAudioFormat)).toEqual([
      { codec: 'pcm', sampleRate: 8000 },
      { codec: 'pcm', sampleRate: 16000 },
      { codec: 'pcm', sampleRate: 22050 },
      { codec: 'pcm', sampleRate: 24000 },
      { codec: 'pcm', sampleRate: 44100 },
      { codec: 'pcm', sampleRate: 48000 },
      { codec: 'ulaw', sampleRate: 8000 },
    ]);
  });

  it.each(['mp3_44100', 'pcm_11025', 'ulaw_16000', 'pcm', '', 'PCM_16000', 'pcm_16000 '])(
    'rejects %j',
    (s) => {
      expect(() => parseAudioFormat(s)).toThrow(AudioFormatError);
    },
  );
});

// The codecs themselves are tested exhaustively in libs/audio.

describe('decodeUserAudio', () => {
  it('passes pcm_16000 through unchanged', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    expect([...decodeUserAudio(b64(encodePcm16(samples)), parseAudioFormat('pcm_16000'))]).toEqual([
      ...samples,
    ]);
  });

  it('resamples pcm_48000 down to 16 kHz without aliasing', () => {
    const format = parseAudioFormat('pcm_48000');
    const inBand = decodeUserAudio(b64(encodePcm16(tone(1000, 500, 10000, 48000))), format);
    expect(inBand.length).toBe(8000);
    expect(magnitude(inBand.subarray(500, 7500), 1000, 16000)).toBeGreaterThan(9500);
    // 10 kHz is above the 8 kHz Nyquist of the output: it must not fold down to 6 kHz.
    const above = decodeUserAudio(b64(encodePcm16(tone(10000, 500, 10000, 48000))), format);
    expect(rms(above.subarray(500, 7500))).toBeLessThan(100);
  });

  it('decodes ulaw_8000 and upsamples it to 16 kHz', () => {
    const format = parseAudioFormat('ulaw_8000');
    const out = decodeUserAudio(b64(encodeUlaw(tone(440, 500, 8000, 8000))), format);
    expect(out.length).toBe(8000);
    expect(magnitude(out.subarray(500, 7500), 440, 16000)).toBeGreaterThan(7500);
    // Nothing imaged above the original 4 kHz band.
    expect(magnitude(out.subarray(500, 7500), 8000 - 440, 16000)).toBeLessThan(100);
  });

  it('rejects a chunk that is not base64', () => {
    expect(() => decodeUserAudio('AA$A', parseAudioFormat('pcm_16000'))).toThrow(AudioFormatError);
  });

  it('a streaming decoder gives the same signal as decoding it whole, whatever the chunking', () => {
    const format = parseAudioFormat('pcm_44100');
    const signal = concat(tone(300, 300, 6000, 44100), tone(2500, 300, 6000, 44100));
    const whole = resample(signal, 44100, 16000);
    const decoder = createUserAudioDecoder(format);
    const parts: Int16Array[] = [];
    for (let at = 0; at < signal.length; at += 1103) {
      parts.push(decoder.decode(b64(encodePcm16(signal.subarray(at, at + 1103)))));
    }
    parts.push(decoder.flush());
    expect([...concat(...parts)]).toEqual([...whole]);
  });
});

describe('encodeAgentAudio', () => {
  const second = tone(500, 1000, 12000, 16000);

  it('cuts 100 ms chunks by default in the target rate', () => {
    const pcm = encodeAgentAudio(second, 16000, parseAudioFormat('pcm_16000'));
    expect(pcm).toHaveLength(10);
    expect(Buffer.from(pcm[0] as string, 'base64')).toHaveLength(3200);
    const ulaw = encodeAgentAudio(second, 16000, parseAudioFormat('ulaw_8000'));
    expect(ulaw).toHaveLength(10);
    expect(Buffer.from(ulaw[0] as string, 'base64')).toHaveLength(800);
    expect(encodeAgentAudio(second, 16000, parseAudioFormat('pcm_16000'), 250)).toHaveLength(4);
    expect(encodeAgentAudio(new Int16Array(0), 16000, parseAudioFormat('pcm_16000'))).toEqual([]);
  });

  it.each([22050, 24000, 44100, 48000])('upsamples 16 kHz speech to %i Hz and back', (rate) => {
    const chunks = encodeAgentAudio(second, 16000, { codec: 'pcm', sampleRate: rate });
    const bytes = Buffer.concat(chunks.map((c) => Buffer.from(c, 'base64')));
    expect(bytes.length).toBe(rate * 2);
    const up = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    expect(magnitude(up.subarray(rate / 10, rate - rate / 10), 500, rate)).toBeGreaterThan(11500);
    const back = resample(Int16Array.from(up), rate, 16000);
    const err = Int16Array.from(
      back.subarray(1600, 14400),
      (v, i) => v - (second[i + 1600] as number),
    );
    expect(rms(err)).toBeLessThan(rms(second) / 100); // better than 40 dB
  });

  it('ulaw_8000 output decodes back to the speech band of the input', () => {
    const chunks = encodeAgentAudio(second, 16000, parseAudioFormat('ulaw_8000'));
    const bytes = Uint8Array.from(Buffer.concat(chunks.map((c) => Buffer.from(c, 'base64'))));
    const decoded = decodeUlaw(bytes);
    expect(magnitude(decoded.subarray(800, 7200), 500, 8000)).toBeGreaterThan(11000);
  });
});
