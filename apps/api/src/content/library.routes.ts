import {
  ContentIdParamsSchema,
  ContentReaderSchema,
  ErrorCode,
  PlaybackPositionSchema,
  SavePlaybackPositionBodySchema,
  type ContentReader,
  type ReaderKind,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { findContentRow, isContentVisible, toContentItem } from './content.repository';
import { contentErrors, contentNotFound } from './content.service';
import {
  findPlaybackPosition,
  listPlaybackPositions,
  savePlaybackPosition,
} from './library.repository';
import { sanitiseWordHtml } from './word-html';

/** The most of a text file the reader shows; the rest is a download away. */
const MAX_READER_TEXT_BYTES = 512 * 1024;

function readerKind(type: string, ext: string | null): ReaderKind {
  if (type === 'VIMEO') return 'vimeo';
  if (type === 'VIDEO') return 'video';
  if (type === 'AUDIO') return 'audio';
  if (type === 'NEWS') return 'news';
  if (type === 'LINK') return 'link';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'html';
  if (ext === 'txt') return 'text';
  // A PDF item whose url is an off-site .pdf: the browser's viewer shows it after the warning.
  if (type === 'PDF' && ext === null) return 'link';
  return 'download';
}

/**
 * The library's reader and resume calls under /api: one item ready to read or play in the app
 * (a Word file rendered to sanitised HTML, a text file as text), and where the caller left off
 * in each video or audio, kept per user on the server so it follows them across devices.
 */
const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const signedIn = { onRequest: app.requireUser };

  async function visibleRow(viewer: ReturnType<typeof currentUser>, id: number) {
    if (!(await isContentVisible(db, viewer, id))) throw contentNotFound();
    const row = await findContentRow(db, id);
    if (!row) throw contentNotFound();
    return row;
  }

  app.get(
    '/content/positions',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Where the caller left off in videos and audio, newest first',
        response: { 200: z.array(PlaybackPositionSchema), ...contentErrors },
      },
    },
    async (request) => listPlaybackPositions(db, currentUser(request).id),
  );

  app.put(
    '/content/:id/position',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Save where the caller is in a video or audio item',
        params: ContentIdParamsSchema,
        body: SavePlaybackPositionBodySchema,
        response: { 200: PlaybackPositionSchema, ...contentErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await visibleRow(user, request.params.id);
      if (row.type !== 'VIDEO' && row.type !== 'AUDIO') {
        throw new AppError(
          400,
          ErrorCode.VALIDATION_FAILED,
          'Only videos and audio have a position',
          {
            issues: {
              formErrors: ['Only videos and audio have a position'],
              fieldErrors: {},
            },
          },
        );
      }
      return savePlaybackPosition(db, user.id, row.id, request.body.positionSeconds);
    },
  );

  app.get(
    '/content/:id/reader',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'One item ready for the in-app reader or player',
        params: ContentIdParamsSchema,
        response: { 200: ContentReaderSchema, ...contentErrors },
      },
    },
    async (request): Promise<ContentReader> => {
      const user = currentUser(request);
      const row = await visibleRow(user, request.params.id);
      const key = row.file_key;
      const ext = key ? key.slice(key.lastIndexOf('.') + 1) : null;
      const kind = readerKind(row.type, ext);
      const answer: ContentReader = {
        item: toContentItem(row),
        kind,
        fileUrl: key ? `/api/files/${key}` : null,
        downloadUrl: key ? `/api/files/${key}?download=1` : null,
        html: null,
        text: null,
        truncated: false,
        positionSeconds:
          kind === 'audio' || kind === 'video'
            ? await findPlaybackPosition(db, user.id, row.id)
            : 0,
      };
      if (kind === 'news') answer.text = row.description;
      if (kind === 'text' && key) {
        const size = (await storage.size(key)) ?? 0;
        const end = Math.min(size, MAX_READER_TEXT_BYTES) - 1;
        const chunks: Buffer[] = [];
        if (end >= 0) {
          for await (const chunk of storage.read(key, { start: 0, end })) {
            chunks.push(Buffer.from(chunk as Uint8Array));
          }
        }
        // A cut may split a character: the decoder replaces the broken tail.
        answer.text = Buffer.concat(chunks).toString('utf8');
        answer.truncated = size > MAX_READER_TEXT_BYTES;
      }
      if (kind === 'html' && key) {
        const outcome = await storage
          .withLocalFile(key, (file) => app.textExtractor.renderHtml(file))
          .catch(() => ({ status: 'failed' as const }));
        if (outcome.status === 'failed') {
          // Too slow, too big or damaged: the reader offers the download instead.
          answer.kind = 'download';
        } else {
          answer.html = sanitiseWordHtml(outcome.passages[0]?.text ?? '');
        }
      }
      return answer;
    },
  );
};

export default libraryRoutes;
