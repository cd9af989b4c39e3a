// Standard base64 (RFC 4648 §4), the protocol's payload encoding (voice-protocol.md §8), without
// Buffer or atob/btoa so the same code runs in browsers, worklet hosts and Node.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 61; // '='
let reverse: Uint8Array | undefined;
let ascii: TextDecoder | undefined;

/** Thrown for text that is not base64. */
export class Base64Error extends TypeError {
  override name = 'Base64Error';
}

type NativeBase64 = Uint8Array & { toBase64?: () => string };

/** Standard padded base64 of raw bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as NativeBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const t =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = CODES[t >> 18] as number;
    out[o++] = CODES[(t >> 12) & 63] as number;
    out[o++] = CODES[(t >> 6) & 63] as number;
    out[o++] = CODES[t & 63] as number;
  }
  if (i < n) {
    const t = ((bytes[i] as number) << 16) | (i + 1 < n ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = CODES[t >> 18] as number;
    out[o++] = CODES[(t >> 12) & 63] as number;
    out[o++] = i + 1 < n ? (CODES[(t >> 6) & 63] as number) : PAD;
    out[o] = PAD;
  }
  // Decoding one ASCII buffer is far cheaper than growing a string 4 characters at a time.
  ascii ??= new TextDecoder('latin1');
  return ascii.decode(out);
}

/**
 * Standard base64 → bytes. Padding is optional but must be right when present; throws
 * Base64Error on a character outside the alphabet, '=' other than 1–2 at the end, and a length
 * no encoder produces.
 */
export function base64ToBytes(base64: string): Uint8Array {
  if (!reverse) {
    reverse = new Uint8Array(128).fill(255);
    CODES.forEach((code, i) => ((reverse as Uint8Array)[code] = i));
  }
  let end = base64.length;
  while (end > 0 && base64.length - end < 2 && base64.charCodeAt(end - 1) === PAD) end--;
  // Unpadded, a lone last character holds no whole byte; padded, the text is whole quads.
  if (end < base64.length ? base64.length % 4 !== 0 : end % 4 === 1) {
    throw new Base64Error('Invalid base64 length');
  }
  const out = new Uint8Array((end * 3) >> 2);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const code = base64.charCodeAt(i);
    const v = code < 128 ? (reverse[code] as number) : 255;
    if (v === 255) throw new Base64Error(`Invalid base64 character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}
