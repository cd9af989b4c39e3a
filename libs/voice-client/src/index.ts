export { DEFAULT_INPUT_FORMAT, parseFormat } from './audio/format';
export type { AudioCodec, AudioFormat } from './audio/format';
