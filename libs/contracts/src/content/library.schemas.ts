import { z } from 'zod';
import { ContentItemSchema } from './content.schemas';

/** The longest position a player may save: a day, far past any training video. */
export const MAX_PLAYBACK_SECONDS = 24 * 60 * 60;

/** Where the caller left off in one video or audio item (GET /api/content/positions). */
export const PlaybackPositionSchema = z.object({
  contentId: z.number().int(),
  positionSeconds: z.number(),
  updatedAt: z.string(),
});
export type PlaybackPosition = z.infer<typeof PlaybackPositionSchema>;

/** PUT /api/content/:id/position: the player's current time, saved now and then. */
export const SavePlaybackPositionBodySchema = z.object({
  positionSeconds: z
    .number({ error: 'positionSeconds must be a number' })
    .finite()
    .min(0)
    .max(MAX_PLAYBACK_SECONDS),
});
export type SavePlaybackPositionBody = z.infer<typeof SavePlaybackPositionBodySchema>;

/**
 * How the in-app reader shows an item: `pdf` in the browser's PDF viewer (fileUrl), `html` a
 * Word file rendered and sanitised by the server, `text` a text file, `news` a reading page
 * from the item's own text, `audio`/`video` a player, `vimeo` the embedded player, `link` an
 * off-site page (opened after the External Link Warning), `download` a file the browser cannot
 * show (old .doc, .rtf): download only.
 */
export const ReaderKindSchema = z.enum([
  'pdf',
  'html',
  'text',
  'news',
  'audio',
  'video',
  'vimeo',
  'link',
  'download',
]);
export type ReaderKind = z.infer<typeof ReaderKindSchema>;

/** GET /api/content/:id/reader: one item, ready for the in-app reader. */
export const ContentReaderSchema = z.object({
  item: ContentItemSchema,
  kind: ReaderKindSchema,
  /** The file to show inline (PDF viewer, player), or null. */
  fileUrl: z.string().nullable(),
  /** The file as a download with a human file name, or null when there is no file. */
  downloadUrl: z.string().nullable(),
  /** `html`: sanitised HTML; sections start at elements with id="section-N". */
  html: z.string().nullable(),
  /** `text` and `news`: the text to read. */
  text: z.string().nullable(),
  /** The text was cut (it is longer than the reader shows); download for the rest. */
  truncated: z.boolean(),
  /** Where the caller left off (audio, video), 0 when never played. */
  positionSeconds: z.number(),
});
export type ContentReader = z.infer<typeof ContentReaderSchema>;
