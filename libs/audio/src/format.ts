// The protocol's audio format strings (voice-protocol.md §8): `<codec>_<sample rate>`, mono.

/** Codecs the voice protocol carries. */
export type AudioCodec = 'pcm' | 'ulaw';

/** The format strings in use; servers choose among them, clients accept any pcm/ulaw rate. */
export const AUDIO_FORMATS = [
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
] as const;

export type AudioFormatName = (typeof AUDIO_FORMATS)[number];

/** The input format when the server does not say otherwise. */
export const DEFAULT_INPUT_FORMAT = 'pcm_16000';
