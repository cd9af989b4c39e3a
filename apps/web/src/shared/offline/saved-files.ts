import type { ContentItem } from '@fieldcraft/contracts';
import { SAVED_FILES_CACHE, savedFileKey } from '../../service-worker/cache-policy';
import { filesToRemove, parseSavedFiles, type SavedFile } from './saved-files.model';

/**
 * Files saved for offline use on this device (docs/field-readiness.md "Saved for offline use"):
 * the bytes in the Cache Storage cache SAVED_FILES_CACHE (the service worker answers from it
 * when the network fails), the list of what was saved, by whom, in localStorage.
 */
export const SAVED_FILES_KEY = 'fieldcraft.saved-files';

export type SaveFailure =
  'unavailable' | 'signed-out' | 'full' | 'offline' | 'unsupported' | 'failed';

export class SaveFileError extends Error {
  constructor(readonly reason: SaveFailure) {
    super(`Saving failed: ${reason}`);
    this.name = 'SaveFileError';
  }
}

// ---- the list (localStorage), as an external store for React ----------------------------------

const listeners = new Set<() => void>();
let lastRaw: string | null | undefined;
let lastList: SavedFile[] = [];

/** Every saved file on this device (all users'); the same array until the list changes. */
export function readSavedFiles(): SavedFile[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SAVED_FILES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastList = parseSavedFiles(raw);
  }
  return lastList;
}

export function subscribeSavedFiles(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab saved or removed a file.
    if (event.key === SAVED_FILES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function writeSavedFiles(files: readonly SavedFile[]): void {
  if (files.length === 0) localStorage.removeItem(SAVED_FILES_KEY);
  else localStorage.setItem(SAVED_FILES_KEY, JSON.stringify(files));
  for (const listener of listeners) listener();
}

// ---- Cache Storage ----------------------------------------------------------------------------

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

const keyOf = (url: string) => savedFileKey(url, window.location.origin);

/** Reads the answer's body into one buffer, reporting the share received (null: size unknown). */
async function readBody(response: Response, onProgress?: (share: number | null) => void) {
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(total ? Math.min(1, received / total) : null);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A DOMException 'QuotaExceededError' (any realm), or an error that says so. */
function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'QuotaExceededError' || (typeof message === 'string' && /quota/i.test(message));
}

/**
 * Saves an uploaded file for offline use: fetched from the server now (which checks the user
 * may have it), kept in Cache Storage, listed for `userId`. Throws SaveFileError.
 */
export async function saveFile(
  item: Pick<ContentItem, 'id' | 'title' | 'description' | 'type' | 'url'>,
  userId: number,
  onProgress?: (share: number | null) => void,
): Promise<SavedFile> {
  const storage = cacheStorage();
  if (!storage || !item.url) throw new SaveFileError('unsupported');
  let response: Response;
  try {
    // no-store: the server decides now, never the browser's HTTP cache.
    response = await fetch(item.url, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new SaveFileError('offline');
  }
  if (response.status === 401) throw new SaveFileError('signed-out');
  if (response.status === 403 || response.status === 404) {
    await removeSavedFile(item.id);
    throw new SaveFileError('unavailable');
  }
  if (!response.ok) throw new SaveFileError('failed');

  let body: Uint8Array;
  try {
    body = await readBody(response, onProgress);
  } catch {
    throw new SaveFileError('offline');
  }
  const headers = new Headers({
    'content-type': response.headers.get('content-type') ?? 'application/octet-stream',
    'content-length': String(body.byteLength),
    'accept-ranges': 'bytes',
  });
  const disposition = response.headers.get('content-disposition');
  if (disposition) headers.set('content-disposition', disposition);
  try {
    const cache = await storage.open(SAVED_FILES_CACHE);
    await cache.put(keyOf(item.url), new Response(body as BodyInit, { status: 200, headers }));
  } catch (error) {
    throw new SaveFileError(isQuotaError(error) ? 'full' : 'failed');
  }
  // Ask the browser not to evict saved files under storage pressure (granted or not, silently).
  void navigator.storage?.persist?.().catch(() => false);

  const saved: SavedFile = {
    id: item.id,
    title: item.title,
    description: item.description,
    type: item.type,
    url: item.url,
    size: body.byteLength,
    savedAt: new Date().toISOString(),
    userId,
  };
  writeSavedFiles([...readSavedFiles().filter((f) => f.id !== item.id), saved]);
  return saved;
}

async function deleteFromCache(urls: readonly string[]): Promise<void> {
  const storage = cacheStorage();
  if (!storage || urls.length === 0) return;
  const cache = await storage.open(SAVED_FILES_CACHE);
  await Promise.all(urls.map((url) => cache.delete(keyOf(url))));
}

/** Removes one saved file from the device. */
export async function removeSavedFile(id: number): Promise<void> {
  const files = readSavedFiles();
  const gone = files.filter((f) => f.id === id);
  if (gone.length > 0) writeSavedFiles(files.filter((f) => f.id !== id));
  await deleteFromCache(gone.map((f) => f.url));
}

/**
 * After the signed-in user's content list loaded: removes every saved file that is another
 * user's or no longer in the list (filesToRemove), and forgets files the browser has dropped
 * from its cache. Returns what was removed.
 */
export async function syncSavedFiles(
  userId: number,
  items: readonly ContentItem[],
): Promise<SavedFile[]> {
  const files = readSavedFiles();
  const removed = filesToRemove(files, userId, items);
  const storage = cacheStorage();
  const missing: SavedFile[] = [];
  if (storage) {
    const cache = await storage.open(SAVED_FILES_CACHE);
    for (const file of files) {
      if (!removed.includes(file) && !(await cache.match(keyOf(file.url)))) missing.push(file);
    }
  }
  const drop = [...removed, ...missing];
  const ids = new Set(drop.map((f) => f.id));
  if (ids.size > 0) writeSavedFiles(readSavedFiles().filter((f) => !ids.has(f.id)));
  await deleteFromCache(removed.map((f) => f.url));
  return drop;
}

/** Sign-out (a shared phone): every saved file and the list go. */
export async function clearSavedFiles(): Promise<void> {
  try {
    localStorage.removeItem(SAVED_FILES_KEY);
  } finally {
    for (const listener of listeners) listener();
    await cacheStorage()?.delete(SAVED_FILES_CACHE);
  }
}
