// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '../app/offline/fake-cache-storage';
import { SAVED_FILES_CACHE } from './cache-policy';
import { savedCopyAnswer, savedFilesStrategy } from './saved-files';

// The worker's globals Workbox reads (`self`, its `location`, and `navigator` in its logs).
vi.hoisted(() => {
  Object.assign(globalThis, {
    self: globalThis,
    location: new URL('https://fieldcraft.example/sw.js'),
    __WB_DISABLE_DEV_LOGS: true,
  });
  if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: { userAgent: 'node' } });
});

const ORIGIN = 'https://fieldcraft.example';
const FILE = `${ORIGIN}/api/files/0123abcd.mp3`;
const BYTES = Uint8Array.from({ length: 100 }, (_, i) => i);
const saved = () =>
  new Response(BYTES, { headers: { 'content-type': 'audio/mpeg', 'content-length': '100' } });
const ask = (range?: string, url = FILE) =>
  new Request(url, range === undefined ? {} : { headers: { range } });

/** What the saved copy answers `range` with: status, Content-Range and the bytes' first/last. */
async function answer(range?: string) {
  const res = await savedCopyAnswer(ask(range), saved());
  const body = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    range: res.headers.get('content-range'),
    bytes: body.length === 0 ? null : [body[0], body[body.length - 1], body.length],
  };
}

describe('savedCopyAnswer (a saved file, whole or the range a media element asks for)', () => {
  it('answers media range requests from the saved copy as the files route does', async () => {
    // [Range header, status, Content-Range, first byte, last byte, length]
    const cases: [string | undefined, number, string | null, number, number, number][] = [
      [undefined, 200, null, 0, 99, 100],
      ['bytes=0-', 206, 'bytes 0-99/100', 0, 99, 100],
      ['bytes=10-19', 206, 'bytes 10-19/100', 10, 19, 10],
      ['bytes=90-500', 206, 'bytes 90-99/100', 90, 99, 10],
      ['bytes=0-100', 206, 'bytes 0-99/100', 0, 99, 100],
      ['bytes=-10', 206, 'bytes 90-99/100', 90, 99, 10],
      ['bytes=-500', 206, 'bytes 0-99/100', 0, 99, 100],
    ];
    for (const [range, status, contentRange, first, last, length] of cases) {
      expect(await answer(range), range).toEqual({
        status,
        range: contentRange,
        bytes: [first, last, length],
      });
    }
    for (const unsatisfiable of ['bytes=100-', 'bytes=150-200', 'bytes=-', 'bytes=-0']) {
      expect(await answer(unsatisfiable), unsatisfiable).toEqual({
        status: 416,
        range: 'bytes */100',
        bytes: null,
      });
    }
    // Several ranges or another unit: the whole file, as a server may answer.
    expect(await answer('bytes=0-1,5-6')).toEqual({
      status: 200,
      range: null,
      bytes: [0, 99, 100],
    });
    expect(await answer('items=0-1')).toEqual({ status: 200, range: null, bytes: [0, 99, 100] });
  });

  it('keeps the saved headers (type) and sends the part’s length', async () => {
    const res = await savedCopyAnswer(ask('bytes=8-11'), saved());
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe('4');
  });
});

/** Cache Storage as Workbox reads it: `caches.match(request, { cacheName })`. */
class WorkboxCacheStorage extends FakeCacheStorage {
  async match(request: Request, options?: { cacheName?: string }) {
    return options?.cacheName ? (await this.open(options.cacheName)).match(request) : undefined;
  }
}

describe('savedFilesStrategy (Workbox NetworkFirst with the product’s rules)', () => {
  let storage: WorkboxCacheStorage;
  const network = vi.fn<(request: Request) => Promise<Response>>();
  // Workbox checks its arguments outside production builds; these are the worker's event types.
  class ExtendableEvent extends Event {
    waitUntil() {}
  }
  class FetchEvent extends ExtendableEvent {}
  const handle = (request: Request) =>
    savedFilesStrategy().handle({ request, event: new ExtendableEvent('fetch') as never });

  beforeEach(async () => {
    storage = new WorkboxCacheStorage();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('ExtendableEvent', ExtendableEvent);
    vi.stubGlobal('FetchEvent', FetchEvent);
    vi.stubGlobal('fetch', network);
    network.mockReset();
    await (await storage.open(SAVED_FILES_CACHE)).put(FILE, saved());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers from the network when there is one, and never writes the saved-files cache', async () => {
    network.mockResolvedValue(new Response('fresh', { status: 200 }));
    const res = await handle(ask(undefined, `${ORIGIN}/api/files/other.pdf?download=1`));
    expect(await res.text()).toBe('fresh');
    expect(storage.urls(SAVED_FILES_CACHE)).toEqual([FILE]);
  });

  it('answers from the saved copy (keyed without the query), whole or a range, only without network', async () => {
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    const whole = await handle(ask(undefined, `${FILE}?x=1`));
    expect([whole.status, (await whole.arrayBuffer()).byteLength]).toEqual([200, 100]);
    const part = await handle(ask('bytes=8-11'));
    expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 8-11/100']);
    await expect(handle(ask(undefined, `${ORIGIN}/api/files/not-saved.pdf`))).rejects.toThrow();
  });

  it('drops the saved copy when the server says the file is gone or not the user’s, not when signed out', async () => {
    network.mockResolvedValue(new Response(null, { status: 401 }));
    expect((await handle(ask())).status).toBe(401);
    expect(storage.urls(SAVED_FILES_CACHE)).toEqual([FILE]);
    network.mockResolvedValue(new Response(null, { status: 404 }));
    expect((await handle(ask())).status).toBe(404);
    expect(storage.urls(SAVED_FILES_CACHE)).toEqual([]);
  });
});
