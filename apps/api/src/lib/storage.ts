import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KEY_PATTERN } from '@fieldcraft/contracts';

/**
 * Where uploaded files live. Keys are generated here (`<32 hex>.<ext>`), never taken from a
 * file name, and every key is checked against FILE_KEY_PATTERN before it touches a path, so no
 * request can reach outside the store. Local disk now; an S3-compatible store later.
 */
export interface FileStorage {
  /** Streams `source` into a temporary object; `commit` gives it its final key. */
  writeTemp(source: Readable): Promise<TempFile>;
  size(key: string): Promise<number | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
}

export interface TempFile {
  /** A local path the content checks and text extraction can read. */
  path: string;
  bytes: number;
  commit(ext: string): Promise<string>;
  discard(): Promise<void>;
}

export function isFileKey(key: string): boolean {
  return FILE_KEY_PATTERN.test(key);
}

export function newFileKey(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  /**
   * Removes temporary files last written more than `maxAgeMs` ago: what an upload leaves when
   * the process dies mid-way. A live upload keeps writing, so its file always looks fresh.
   */
  async sweepTemp(maxAgeMs: number): Promise<number> {
    const tmpDir = path.join(this.root, '.tmp');
    const names = await readdir(tmpDir).catch(() => [] as string[]);
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs <= cutoff) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The file of a valid key; throws on anything else, so callers cannot build a bad path. */
  pathOf(key: string): string {
    if (!isFileKey(key)) throw new Error('Invalid file key');
    return path.join(this.root, key);
  }

  async writeTemp(source: Readable): Promise<TempFile> {
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = path.join(tmpDir, randomBytes(16).toString('hex'));
    let bytes = 0;
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(tmpPath, { flags: 'wx' }));
    } catch (err) {
      await rm(tmpPath, { force: true });
      throw err;
    }
    return {
      path: tmpPath,
      bytes,
      commit: async (ext) => {
        const key = newFileKey(ext);
        await rename(tmpPath, this.pathOf(key));
        return key;
      },
      discard: () => rm(tmpPath, { force: true }),
    };
  }

  async size(key: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
