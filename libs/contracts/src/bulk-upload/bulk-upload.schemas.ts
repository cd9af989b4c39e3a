import { z } from 'zod';
import { ContentItemSchema, type ContentType } from '../content/content.schemas';

// Bulk upload: /bulk-upload sends one request per file, each creating one content
// item from the file and the metadata fields before it. docs/bulk-upload.md.

/** Who may see the new item: every user (grant rows) or no one (revoke rows), as the content
 * screen's 'Grant all' / 'Revoke all' write them for every non-owner user. */
export const BulkAccessSchema = z.enum(['all', 'none']);
export type BulkAccess = z.infer<typeof BulkAccessSchema>;

/**
 * The content type a file becomes, by extension (lower case, no dot): the file's name when it
 * has one (the server has already checked the content agrees), else what the content was
 * detected as. PDFs become PDF and Word files WORD (not the wider DOCUMENT), text and rtf
 * DOCUMENT. Extensions missing here are not accepted.
 */
export const BULK_TYPE_BY_EXTENSION: Readonly<Record<string, ContentType>> = {
  pdf: 'PDF',
  doc: 'WORD',
  docx: 'WORD',
  txt: 'DOCUMENT',
  rtf: 'DOCUMENT',
  mp4: 'VIDEO',
  m4v: 'VIDEO',
  webm: 'VIDEO',
  mov: 'VIDEO',
  avi: 'VIDEO',
  mkv: 'VIDEO',
  wmv: 'VIDEO',
  ogv: 'VIDEO',
  mp3: 'AUDIO',
  wav: 'AUDIO',
  ogg: 'AUDIO',
  oga: 'AUDIO',
  opus: 'AUDIO',
  m4a: 'AUDIO',
  aac: 'AUDIO',
};

/** The lower-case extension of a file name, or null. */
export function extensionOf(fileName: string): string | null {
  return /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? null;
}

/** The type a file name (or, failing that, a MIME type) suggests; null when not accepted. */
export function bulkTypeOfFile(fileName: string, mimeType = ''): ContentType | null {
  const ext = extensionOf(fileName);
  if (ext) return BULK_TYPE_BY_EXTENSION[ext] ?? null;
  if (mimeType === 'application/pdf') return 'PDF';
  if (
    /^application\/(msword|vnd\.openxmlformats-officedocument\.wordprocessingml)/.test(mimeType)
  ) {
    return 'WORD';
  }
  if (mimeType === 'text/plain' || mimeType === 'application/rtf') return 'DOCUMENT';
  if (mimeType.startsWith('video/')) return 'VIDEO';
  if (mimeType.startsWith('audio/')) return 'AUDIO';
  return null;
}

/** A title from a file name: no extension, separators as spaces, at most 200 characters. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const title = base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (title || fileName).slice(0, 200);
}

/**
 * POST /api/bulk-upload/files: the multipart text fields, sent BEFORE the `file` part (the
 * server refuses bad metadata before it reads any of the file). Multipart fields are strings:
 * isActive is 'true' or 'false'.
 */
export const BulkUploadFieldsSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required' })
      .max(200, { error: 'Title must be at most 200 characters' }),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, { error: 'Description is required' })
      .max(20000, { error: 'Description must be at most 20000 characters' }),
    isActive: z
      .enum(['true', 'false'], { error: 'isActive must be true or false' })
      .transform((v) => v === 'true'),
    access: BulkAccessSchema,
  })
  .strict();
export type BulkUploadFields = z.infer<typeof BulkUploadFieldsSchema>;
export type BulkUploadFieldsInput = z.input<typeof BulkUploadFieldsSchema>;

/** 201 answer: the created item, its access rule, and how many permission rows were written. */
export const BulkUploadResultSchema = z.object({
  item: ContentItemSchema,
  access: BulkAccessSchema,
  permissionRows: z.number().int(),
  bytes: z.number().int(),
});
export type BulkUploadResult = z.infer<typeof BulkUploadResultSchema>;
