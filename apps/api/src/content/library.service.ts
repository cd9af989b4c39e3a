import type { ContentType } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../plugins/db';
import type { FileStorage } from '../lib/storage';
import { setContentDuration } from './library.repository';
import { measureDuration } from './media-duration';

/**
 * Measures and stores how long a VIDEO or AUDIO item's file runs (null for anything else, or
 * when it cannot be told). Never throws: a duration is a nicety, not a reason to fail a save.
 */
export async function recordContentDuration(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  item: { id: number; type: ContentType; fileKey: string | null },
): Promise<number | null> {
  let seconds: number | null = null;
  if (item.fileKey && (item.type === 'VIDEO' || item.type === 'AUDIO')) {
    const ext = item.fileKey.split('.').pop() ?? '';
    seconds = await storage
      .withLocalFile(item.fileKey, (file) => measureDuration(file, ext))
      .catch((err: unknown) => {
        log.warn({ err, contentId: item.id }, 'could not measure the media duration');
        return null;
      });
  }
  await setContentDuration(db, item.id, seconds === null ? null : Math.round(seconds * 10) / 10);
  return seconds;
}

/**
 * The name a file is served under: the item's title (characters file systems refuse replaced,
 * at most 120 characters) and the file's own extension, e.g. "Site safety checklist.pdf".
 */
export function humanFileName(title: string | undefined, key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  let base = (title ?? '')
    // Control characters are exactly what a file name must not carry.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  if (!base) base = 'download';
  if (base.toLowerCase().endsWith(`.${ext}`)) base = base.slice(0, -(ext.length + 1)) || 'download';
  return `${base}.${ext}`;
}

/** Content-Disposition with the name for every browser: an ASCII fallback and RFC 5987 UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
