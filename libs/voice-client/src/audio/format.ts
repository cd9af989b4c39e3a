import type { AudioCodec } from '@fieldcraft/audio';
import { VoiceClientError } from '../voice-client-error';

export type { AudioCodec } from '@fieldcraft/audio';

/** A parsed audio format string such as `pcm_16000`. */
export interface AudioFormat {
  format: AudioCodec;
  sampleRate: number;
}

export { DEFAULT_INPUT_FORMAT } from '@fieldcraft/audio';

/**
 * Parses `codec_samplerate` (codec pcm or ulaw). Throws the spec's texts:
 * 'Invalid format: ...' or 'Invalid sample rate: ...'.
 */
export function parseFormat(value: string): AudioFormat {
  const [format, rate, ...rest] = value.split('_');
  if ((format !== 'pcm' && format !== 'ulaw') || rest.length > 0) {
    throw new VoiceClientError('INVALID_FORMAT', `Invalid format: ${value}`);
  }
  const sampleRate = Number.parseInt(rate ?? '', 10);
  if (!/^\d+$/.test(rate ?? '') || !Number.isFinite(sampleRate) || sampleRate <= 0) {
    throw new VoiceClientError('INVALID_FORMAT', `Invalid sample rate: ${rate ?? ''}`);
  }
  return { format, sampleRate };
}
