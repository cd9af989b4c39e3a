import {
  type AudioCodec,
  base64ToBytes,
  bytesToBase64,
  floatToPcm16,
  floatToUlaw,
  pcm16ToFloat,
  ulawToFloat,
} from '@fieldcraft/audio';

// The protocol's audio payloads (voice-protocol.md §8). The codecs are libs/audio's, shared
// with the API; they run on the main thread so the worklets stay tiny.

/** Float samples → the protocol's base64 payload in the given codec. */
export function encodeAudio(samples: Float32Array, codec: AudioCodec): string {
  return bytesToBase64(codec === 'ulaw' ? floatToUlaw(samples) : floatToPcm16(samples));
}

/** The protocol's base64 payload → float samples. */
export function decodeAudio(base64: string, codec: AudioCodec): Float32Array {
  const bytes = base64ToBytes(base64);
  return codec === 'ulaw' ? ulawToFloat(bytes) : pcm16ToFloat(bytes);
}
