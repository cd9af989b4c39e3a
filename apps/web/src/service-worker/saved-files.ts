/**
 * Uploaded files the user saved for offline use (docs/field-readiness.md "Saved for offline
 * use"), as the worker answers them: Workbox's NetworkFirst over SAVED_FILES_CACHE, with the
 * product's rules as one plugin. The network first; only when it fails, the saved copy (whole, or
 * the byte range a media element asked for: workbox-range-requests); the worker never writes
 * this cache (the page does); a 403/404/410 from the server deletes the saved copy.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { createPartialResponse } from 'workbox-range-requests';
import { NetworkFirst } from 'workbox-strategies';
import { dropsSavedCopy, SAVED_FILES_CACHE, savedFileKey } from './cache-policy';

/**
 * A range that ends past the file, cut at its last byte (`bytes=10-500` of 100 bytes is
 * `bytes=10-99`; `bytes=-500` is `bytes=-100`), as RFC 9110 §14.1.2 and the API's files route
 * read it: Workbox answers such a range 416, and labels one that ends at the size a byte too long.
 */
function fitToFile(header: string, size: number): string {
  return header
    .replace(/^bytes=(\d+)-(\d+)$/i, (range, from: string, to: string) =>
      Number(from) < size ? `bytes=${from}-${Math.min(Number(to), size - 1)}` : range,
    )
    .replace(/^bytes=-(\d+)$/i, (_, suffix: string) => `bytes=-${Math.min(Number(suffix), size)}`);
}

/**
 * The saved copy as the answer to `request`: the whole file (200), or the byte range a media
 * element asked for (206), cut by Workbox (createPartialResponse); 416 with the file's size when
 * no byte of it is in the range. Several ranges, or another unit than bytes, get the whole file
 * (a server may ignore Range; Workbox would refuse them), as from the files route.
 */
export async function savedCopyAnswer(request: Request, saved: Response): Promise<Response> {
  const header = request.headers.get('range')?.trim();
  if (!header || !/^bytes=/i.test(header) || header.includes(',')) return saved;
  const body = await saved.blob();
  const ranged = new Request(request.url, { headers: { range: fitToFile(header, body.size) } });
  const answer = await createPartialResponse(
    ranged,
    new Response(body, { headers: saved.headers }),
  );
  // Workbox's 416 names no size, and a range that starts at the end is an empty 206 to it.
  if (answer.status === 416 || answer.headers.get('content-length') === '0') {
    return new Response(null, {
      status: 416,
      headers: { 'content-range': `bytes */${body.size}` },
    });
  }
  return answer;
}

/** The product's rules for saved files, as one Workbox plugin (exported for the tests). */
export const savedFilesPlugin: WorkboxPlugin = {
  // The copy is keyed by origin and path, whatever the query (the page saves it so too). The
  // key keeps the request's headers: Workbox hands it, not the request, to the range step below.
  cacheKeyWillBeUsed: async ({ request }) =>
    new Request(savedFileKey(request.url), { headers: request.headers }),
  // Never written by the worker: only what the user saved is kept.
  cacheWillUpdate: async () => null,
  // The server says the file is gone or no longer this user's: its saved copy goes too.
  fetchDidSucceed: async ({ request, response }) => {
    if (dropsSavedCopy(response.status)) {
      await (await caches.open(SAVED_FILES_CACHE)).delete(savedFileKey(request.url));
    }
    return response;
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse ? savedCopyAnswer(request, cachedResponse) : null,
};

/** GET /api/files/<key>: the network first, the saved copy only when there is no network. */
export function savedFilesStrategy(): NetworkFirst {
  return new NetworkFirst({
    cacheName: SAVED_FILES_CACHE,
    // The server's `Vary` says nothing about a copy saved on this device.
    matchOptions: { ignoreVary: true },
    plugins: [savedFilesPlugin],
  });
}
