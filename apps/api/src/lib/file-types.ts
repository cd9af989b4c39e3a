import { ACCEPTED_EXTENSIONS } from '@fieldcraft/contracts';
import { fileTypeFromFile } from 'file-type';
import { open } from 'node:fs/promises';

/** A detected, accepted upload: the extension its key gets. */
export interface DetectedType {
  ext: string;
}

/** What file-type reports for each accepted extension (containers share signatures). */
const DETECTED_AS: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  docx: ['docx'],
  txt: ['txt'],
  rtf: ['rtf'],
  mp4: ['mp4', 'm4v', 'mov', 'm4a'],
  mov: ['mov', 'mp4', 'qt'],
  webm: ['webm', 'mkv'],
  mkv: ['mkv', 'webm'],
  avi: ['avi'],
  wmv: ['asf'],
  mp3: ['mp3'],
  wav: ['wav'],
  ogg: ['ogg', 'oga', 'opus', 'ogv', 'ogx'],
  m4a: ['m4a', 'mp4'],
  aac: ['aac'],
};

/** Key extension for a detected type (e.g. an OLE compound file uploaded as .doc is a doc). */
const KEY_EXT: Record<string, string> = { cfb: 'doc', qt: 'mov', asf: 'wmv', oga: 'ogg' };

const ACCEPTED = new Set<string>(Object.values(ACCEPTED_EXTENSIONS).flat());

/** Content types by key extension, for serving. */
export const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  rtf: 'application/rtf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  ogv: 'video/ogg',
  ogx: 'application/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
};

/** Plain text: valid UTF-8 without NUL or other binary control bytes (first 64 KB). */
async function looksLikeText(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    if (bytesRead === 0) return false;
    let sample = buf.subarray(0, bytesRead);
    // A multi-byte character may be cut at the sample's end; drop up to 3 trailing bytes.
    for (let cut = 0; cut < 4; cut++) {
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
        // eslint-disable-next-line no-control-regex
        return !/[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f]/.test(text);
      } catch {
        if (bytesRead < buf.length) return false;
        sample = sample.subarray(0, sample.length - 1);
      }
    }
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * The file's real type from its content (magic bytes; plain text by a UTF-8 sniff), or null
 * when it is not one the spec accepts, or when it contradicts the name's extension (a text
 * file renamed to .mp4 is refused).
 */
export async function detectUploadType(
  filePath: string,
  fileName: string | undefined,
): Promise<DetectedType | null> {
  const found = await fileTypeFromFile(filePath);
  const detected = found?.ext ?? ((await looksLikeText(filePath)) ? 'txt' : null);
  if (!detected) return null;
  const nameExt = /\.([A-Za-z0-9]{1,5})$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (nameExt) {
    if (!ACCEPTED.has(nameExt)) return null;
    if (!DETECTED_AS[nameExt]?.includes(detected)) return null;
  } else if (!Object.values(DETECTED_AS).some((list) => list.includes(detected))) {
    return null;
  }
  const ext = KEY_EXT[detected] ?? detected;
  return MIME_BY_EXT[ext] ? { ext } : null;
}
