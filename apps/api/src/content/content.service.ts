import {
  ApiErrorSchema,
  ErrorCode,
  FILE_KEY_PATTERN,
  type ContentType,
  type TextStatus,
  type TextStatusReason,
} from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Db } from '../plugins/db';
import type { FileStorage } from '../lib/storage';
import type { ExtractionOutcome, TextExtractor } from '../lib/extraction-workers';
import { EXTRACTABLE_EXTENSIONS, extractPlainText, type Passage } from '../lib/text-extraction';
import { inspectZip } from '../lib/zip-guard';
import { replacePassages, setTextStatus } from './content.repository';

/** The error answers every content route declares. */
export const contentErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

export const contentNotFound = () =>
  new AppError(404, ErrorCode.CONTENT_NOT_FOUND, 'Content not found');

/** A 400 naming one field, shaped like a schema validation failure. */
export function invalid(field: string, message: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_FAILED, message, {
    issues: { formErrors: [], fieldErrors: { [field]: [message] } },
  });
}

const FILE_URL = /^\/api\/files\/([^/?#]+)$/;

/** The storage key of an item's url when it points at one of our files, else null. */
export function fileKeyOfUrl(url: string | null | undefined): string | null {
  const key = url ? FILE_URL.exec(url)?.[1] : undefined;
  return key && FILE_KEY_PATTERN.test(key) ? key : null;
}

export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * A Word file is a zip archive: one whose entries would inflate past the zip guard's ceilings
 * (or that is no sound archive) is refused before it is stored or read. Other types pass.
 */
export async function refuseUnsafeWordFile(path: string, ext: string): Promise<void> {
  if (ext !== 'docx') return;
  const verdict = await inspectZip(path);
  if (!verdict.ok) {
    throw new AppError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Word file refused (${verdict.reason})`,
    );
  }
}

/**
 * Stores an item's searchable text and whether its file's text is searchable: the file's
 * pages or sections (PDF, Word, text), read in a worker thread with time and memory limits
 * (lib/extraction-workers.ts), or, for NEWS and items without text files, the title and
 * description. A file that cannot be read (too slow, too big, damaged) or is cut short is a
 * state of the item (text_status, text_status_reason), never an error: the item exists either
 * way, and its title and description stay searchable.
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
  extractor: TextExtractor,
): Promise<TextStatus> {
  let passages: Passage[] = [];
  let status: TextStatus = 'none';
  let reason: TextStatusReason | null = null;
  if (item.fileKey && ['PDF', 'WORD', 'DOCUMENT'].includes(item.type)) {
    const ext = item.fileKey.split('.').pop() ?? '';
    if (!EXTRACTABLE_EXTENSIONS.includes(ext)) {
      reason = 'unsupported';
    } else {
      const fileKey = item.fileKey;
      const outcome = await storage
        .withLocalFile(fileKey, (file) => extractor.extract(file, ext))
        .catch((err: unknown): ExtractionOutcome => {
          log.warn({ err, contentId: item.id }, 'could not fetch the file to read its text');
          return { status: 'failed', reason: 'unreadable' };
        });
      if (outcome.status === 'failed') {
        status = 'failed';
        reason = outcome.reason;
        log.warn(
          { contentId: item.id, fileKey, reason: outcome.reason, detail: outcome.detail },
          'text extraction failed',
        );
      } else if (outcome.passages.length === 0) {
        reason = 'no_text';
      } else {
        passages = outcome.passages;
        status = outcome.status;
        reason = outcome.status === 'partial' ? outcome.reason : null;
        if (outcome.status === 'partial') {
          log.info({ contentId: item.id, fileKey }, 'text extraction cut: the text is too long');
        }
      }
    }
  }
  if (passages.length === 0 && ['NEWS', 'DOCUMENT', 'PDF', 'WORD'].includes(item.type)) {
    passages = extractPlainText(`${item.title}\n\n${item.description}`);
  }
  await db.transaction().execute(async (trx) => {
    await replacePassages(trx, item.id, passages);
    await setTextStatus(trx, item.id, status, reason);
  });
  return status;
}
