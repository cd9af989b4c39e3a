import { FILE_KEY_PATTERN, type ContentType } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db';
import type { FileStorage } from '../../lib/storage';
import { extractFile, extractPlainText, type Passage } from '../../lib/text-extraction';
import { replacePassages } from './content.repository';

const FILE_URL = /^\/api\/files\/([^/?#]+)$/;

/** The storage key of an item's url when it points at one of our files, else null. */
export function fileKeyOfUrl(url: string | null | undefined): string | null {
  const key = url ? FILE_URL.exec(url)?.[1] : undefined;
  return key && FILE_KEY_PATTERN.test(key) ? key : null;
}

export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * Stores an item's searchable text: its file's pages or sections (PDF, Word, text), or, for
 * NEWS and items without text files, the title and description. Failures are logged, never
 * thrown: the item exists whether or not its text could be read.
 */
export async function indexContentText(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  item: {
    id: number;
    type: ContentType;
    title: string;
    description: string;
    fileKey: string | null;
  },
): Promise<void> {
  let passages: Passage[] = [];
  try {
    if (item.fileKey && ['PDF', 'WORD', 'DOCUMENT'].includes(item.type)) {
      const ext = item.fileKey.split('.').pop() ?? '';
      passages = await storage.withLocalFile(item.fileKey, (file) => extractFile(file, ext));
    }
  } catch (err) {
    log.warn({ err, contentId: item.id }, 'text extraction failed');
  }
  if (passages.length === 0 && ['NEWS', 'DOCUMENT', 'PDF', 'WORD'].includes(item.type)) {
    passages = extractPlainText(`${item.title}\n\n${item.description}`);
  }
  await replacePassages(db, item.id, passages);
}
