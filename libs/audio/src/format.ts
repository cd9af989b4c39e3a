// The protocol's audio format strings (voice-protocol.md §8): `<codec>_<sample rate>`, mono.
// The list of formats in use is the contract's (AgentOutputFormatSchema in libs/contracts).

/** Codecs the voice protocol carries. */
export type AudioCodec = 'pcm' | 'ulaw';

/** The input format when the server does not say otherwise. */
export const DEFAULT_INPUT_FORMAT = 'pcm_16000';
