// Audio codecs of the voice protocol (voice-protocol.md §8), shared by the API's voice runtime
// and the browser voice client. Framework-free and browser-safe: no Buffer, no node: modules.
export { Base64Error, base64ToBytes, bytesToBase64 } from './base64';
export { DEFAULT_INPUT_FORMAT } from './format';
export type { AudioCodec } from './format';
export {
  decodePcm16,
  encodePcm16,
  floatToPcm16,
  floatToUlaw,
  pcm16ToFloat,
  ulawToFloat,
} from './pcm';
export { decodeUlaw, encodeUlaw, linearToUlaw, ulawEncodeTable, ulawToLinear } from './ulaw';
