// Over 300 lines: the content domain's wire schemas in one module, URL rules included, so the
// web and the API validate an item with the same code.
import { z } from 'zod';

export const ContentCategorySchema = z.enum(['read', 'watch', 'listen']);
export type ContentCategory = z.infer<typeof ContentCategorySchema>;

export const ContentTypeSchema = z.enum([
  'VIMEO',
  'VIDEO',
  'AUDIO',
  'PDF',
  'DOCUMENT',
  'LINK',
  'NEWS',
  'WORD',
]);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** The spec's "Content form": each category's types, in form order (the first is the default). */
export const CONTENT_TYPES_BY_CATEGORY = {
  read: ['NEWS', 'PDF', 'WORD', 'DOCUMENT', 'LINK'],
  watch: ['VIMEO', 'VIDEO'],
  listen: ['AUDIO'],
} as const satisfies Record<ContentCategory, readonly ContentType[]>;

/** Labels the content form shows for each type. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  NEWS: 'News Article',
  PDF: 'PDF Document',
  WORD: 'Word Document',
  DOCUMENT: 'General Document',
  LINK: 'External Link',
  VIMEO: 'Vimeo Video',
  VIDEO: 'Uploaded Video',
  AUDIO: 'Audio File',
};

/** The category a type belongs to (editing derives the category from the type). */
export function categoryOfType(type: ContentType): ContentCategory {
  for (const [category, types] of Object.entries(CONTENT_TYPES_BY_CATEGORY)) {
    if ((types as readonly string[]).includes(type)) return category as ContentCategory;
  }
  return 'read';
}

/** Types whose url is required ('URL is required for this content type'). */
export const URL_REQUIRED_TYPES = [
  'LINK',
  'VIMEO',
  'NEWS',
] as const satisfies readonly ContentType[];

/** Types that need an uploaded file when created ('File Required'). */
export const FILE_REQUIRED_TYPES = [
  'PDF',
  'WORD',
  'DOCUMENT',
  'VIDEO',
  'AUDIO',
] as const satisfies readonly ContentType[];

/**
 * The spec's "Accepted file types", by extension (lower case, no dot). The server checks the
 * file's content (magic bytes), not only its name, against the union of these.
 * VIDEO takes the union of both forms' lists; DOCUMENT includes rtf (the small-screen form).
 */
export const ACCEPTED_EXTENSIONS = {
  PDF: ['pdf'],
  WORD: ['doc', 'docx'],
  DOCUMENT: ['pdf', 'doc', 'docx', 'txt', 'rtf'],
  VIDEO: ['mp4', 'webm', 'mov', 'avi', 'mkv', 'wmv'],
  AUDIO: ['mp3', 'wav', 'ogg', 'm4a', 'aac'],
} as const satisfies Partial<Record<ContentType, readonly string[]>>;

/** Maximum upload size: 100 MB (104,857,600 bytes). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** A content item as the dashboard and content management list it. */
export const ContentItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: ContentCategorySchema,
  type: ContentTypeSchema,
  url: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Seconds a video or audio file runs, measured when stored; null or absent when unknown. */
  durationSeconds: z.number().nullable().optional(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/**
 * Whether an item's file text is searchable. `ok`: all of it. `partial`: only the
 * beginning (the reason says why). `failed`: none of it, the file could not be read; the item
 * and its file exist, and its title and description are still searched. `none`: the item has
 * no file text to read (links, media, NEWS) or the file has none.
 */
export const TextStatusSchema = z.enum(['ok', 'partial', 'failed', 'none']);
export type TextStatus = z.infer<typeof TextStatusSchema>;

export const TextStatusReasonSchema = z.enum([
  'timeout',
  'memory',
  'unreadable',
  'busy',
  'interrupted',
  'too_long',
  'no_text',
  'unsupported',
]);
export type TextStatusReason = z.infer<typeof TextStatusReasonSchema>;

/** The owner's words for each reason (content management), completing "Text not searchable: …". */
export const TEXT_STATUS_REASON_TEXT: Record<TextStatusReason, string> = {
  timeout: 'the document took too long to read',
  memory: 'the document needs too much memory to read',
  unreadable: 'the file could not be read (it may be damaged)',
  busy: 'the server was too busy to read it',
  interrupted: 'the server stopped while reading it',
  too_long: 'the text is too long, only the beginning is searchable',
  no_text: 'the file has no text layer (a scan or images only)',
  unsupported: 'only PDF, .docx and .txt files are read',
};

/**
 * One line for the owner about an item's text, or null when there is nothing to say (all of
 * it is searchable, or the item has no file text and no reason).
 */
export function describeTextStatus(
  status: TextStatus,
  reason: TextStatusReason | null,
): string | null {
  const why = reason ? TEXT_STATUS_REASON_TEXT[reason] : null;
  if (status === 'partial') return `Text partly searchable: ${why ?? 'only the beginning'}.`;
  if (status === 'failed') return `Text not searchable: ${why ?? 'the file could not be read'}.`;
  if (status === 'none' && why) return `Text not searchable: ${why}.`;
  return null;
}

/** A content item as the owner's management list (and the owner's own writes) return it. */
export const ManagedContentItemSchema = ContentItemSchema.extend({
  textStatus: TextStatusSchema,
  textStatusReason: TextStatusReasonSchema.nullable(),
});
export type ManagedContentItem = z.infer<typeof ManagedContentItemSchema>;

export const ContentIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});
export type ContentIdParams = z.infer<typeof ContentIdParamsSchema>;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, { error: 'Title is required' })
  .max(200, { error: 'Title must be at most 200 characters' });
const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, { error: 'Description is required' })
  .max(20000, { error: 'Description must be at most 20000 characters' });
const URL_SCHEME_MESSAGE = 'URL must start with http://, https:// or /';
// Any control character, tab and line breaks included: a browser drops those from a URL
// silently, so `/\t/host` would be checked as a path and opened as another host.
// eslint-disable-next-line no-control-regex -- matching them is the point
const URL_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// An origin no real site has, for reading site paths (see normaliseContentUrl).
const ANY_SITE = 'http://site.invalid';

/**
 * A content URL as it will be stored, or null when it is refused: an http(s) address
 * (normalised by the WHATWG URL parser, so `HTTPS:host` is stored as `https://host/`), or a
 * path of this site (`/api/files/…`, normalised) that a browser also reads as this site: not
 * `//host`, `/\host` or anything else that resolves to another host. '' stays '' (no URL).
 */
export function normaliseContentUrl(value: string): string | null {
  if (value === '') return '';
  if (URL_CONTROL_CHARACTERS.test(value)) return null;
  let parsed: URL;
  try {
    parsed = value.startsWith('/') ? new URL(value, ANY_SITE) : new URL(value);
  } catch {
    return null;
  }
  if (value.startsWith('/')) {
    if (parsed.origin !== ANY_SITE) return null;
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // `/./\host` normalises to the path `//host`, which read again is another host.
    return path.startsWith('//') ? null : path;
  }
  if (!/^https?:/i.test(value) || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    return null;
  }
  return parsed.href;
}

// Only web addresses and this site's own paths (/api/files/…): a `javascript:` or `data:` URL
// stored here would be opened by every reader's click (stored text rendered safely).
const url = z
  .string()
  .trim()
  .max(2048, { error: 'URL must be at most 2048 characters' })
  .transform((value, ctx) => {
    if (URL_CONTROL_CHARACTERS.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'URL must not contain control characters' });
      return z.NEVER;
    }
    const normalised = normaliseContentUrl(value);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: URL_SCHEME_MESSAGE });
      return z.NEVER;
    }
    return normalised;
  });

const urlRequiredMessage = 'URL is required for this content type';

function needsUrl(type: ContentType | undefined): boolean {
  return type !== undefined && (URL_REQUIRED_TYPES as readonly string[]).includes(type);
}

/**
 * POST /api/content/create-metadata. The spec's "Content" rules: title and description
 * required, url required for LINK, VIMEO and NEWS; the type must belong to the category.
 * An empty url is stored as null. isActive defaults to true.
 */
export const CreateContentBodySchema = z
  .object({
    title,
    description,
    category: ContentCategorySchema,
    type: ContentTypeSchema,
    url: url.nullish(),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (needsUrl(v.type) && !v.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: urlRequiredMessage });
    }
    if (!(CONTENT_TYPES_BY_CATEGORY[v.category] as readonly string[]).includes(v.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'This type does not belong to the chosen category',
      });
    }
  });
export type CreateContentBody = z.infer<typeof CreateContentBodySchema>;

/**
 * PATCH /api/dashboard/content/{id}: the changed fields, or only isActive for the toggle.
 * The server re-checks the merged item (url required, type within category).
 */
export const UpdateContentBodySchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    category: ContentCategorySchema.optional(),
    type: ContentTypeSchema.optional(),
    url: url.nullish(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type UpdateContentBody = z.infer<typeof UpdateContentBodySchema>;

/** GET /api/content/access: one record per click (userId only for the owner's view). */
export const ContentAccessRecordSchema = z.object({
  contentId: z.number().int(),
  userId: z.number().int().nullable().optional(),
  accessedAt: z.string(),
});
export type ContentAccessRecord = z.infer<typeof ContentAccessRecordSchema>;

/** GET /api/content/permissions. */
export const ContentPermissionSchema = z.object({
  contentId: z.number().int(),
  userId: z.number().int(),
  canAccess: z.boolean(),
});
export type ContentPermission = z.infer<typeof ContentPermissionSchema>;

/** POST /api/content/permissions: grant or revoke one user (the bulk action sends one per user). */
export const SetContentPermissionBodySchema = z.object({
  contentId: z.number().int().positive(),
  userId: z.number().int().positive(),
  canAccess: z.boolean(),
});
export type SetContentPermissionBody = z.infer<typeof SetContentPermissionBodySchema>;

/** POST /api/content/upload answer: the file's URL, `/api/files/{key}`. Errors carry `error`. */
export const UploadResponseSchema = z.object({
  url: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** The key part of `/api/files/{key}`: generated by the server, never a user path. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

export const FileKeyParamsSchema = z.object({
  key: z.string(),
});
export type FileKeyParams = z.infer<typeof FileKeyParamsSchema>;

export const ContentSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'Search text is required' }).max(500),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ContentSearchQuery = z.infer<typeof ContentSearchQuerySchema>;

/** One passage found by GET /api/content/search?q=. `page` is the PDF page or section number (1-based). */
export const ContentSearchResultSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  type: ContentTypeSchema,
  page: z.number().int(),
  text: z.string(),
  rank: z.number(),
});
export type ContentSearchResult = z.infer<typeof ContentSearchResultSchema>;
