import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KEY_PATTERN } from '@fieldcraft/contracts';

/**
 * Where uploaded files live. Keys are generated here (`<32 hex>.<ext>`), never taken from a
 * file name, and every key is checked against FILE_KEY_PATTERN before it touches a path or an
 * object name, so no request can reach outside the store. Two implementations: the local disk
 * (default) and an S3-compatible object store (`s3-storage.ts`), chosen by `STORAGE`.
 */
export interface FileStorage {
  /** 'local' or 's3': for logs and the readiness answer. */
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into a temporary file on this machine's disk (the content checks read
   * it there); `commit` gives it its final key in the store.
   */
  writeTemp(source: Readable): Promise<TempFile>;
  size(key: string): Promise<number | null>;
  /** The object's bytes (an inclusive range, or all); the stream errors when it is missing. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Runs `work` with a local file holding the object (the file itself, or a download). */
  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Every stored key (operators and tests). */
  list(): Promise<string[]>;
  /** Throws when the store cannot be reached or written: the readiness probe. */
  check(): Promise<void>;
  /** Removes temporary files older than `maxAgeMs` (a crash mid-upload); returns the count. */
  sweepTemp(maxAgeMs: number): Promise<number>;
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

/** Throws on anything but a generated key, so callers cannot build a bad path or object name. */
export function assertFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error('Invalid file key');
  return key;
}

/** Streams `source` into a new file in `tmpDir`; the partial file is removed on failure. */
export async function streamToTempFile(
  tmpDir: string,
  source: Readable,
): Promise<{ path: string; bytes: number }> {
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
  return { path: tmpPath, bytes };
}

/**
 * Removes files in `tmpDir` last written more than `maxAgeMs` ago: what an upload leaves when
 * the process dies mid-way. A live upload keeps writing, so its file always looks fresh.
 */
export async function sweepTempDir(tmpDir: string, maxAgeMs: number): Promise<number> {
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

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
  }

  sweepTemp(maxAgeMs: number): Promise<number> {
    return sweepTempDir(this.tmpDir, maxAgeMs);
  }

  /** The file of a valid key; throws on anything else, so callers cannot build a bad path. */
  pathOf(key: string): string {
    return path.join(this.root, assertFileKey(key));
  }

  async writeTemp(source: Readable): Promise<TempFile> {
    const temp = await streamToTempFile(this.tmpDir, source);
    return {
      ...temp,
      commit: async (ext) => {
        const key = newFileKey(ext);
        await rename(temp.path, this.pathOf(key));
        return key;
      },
      discard: () => rm(temp.path, { force: true }),
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

  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(key));
  }

  async list(): Promise<string[]> {
    return (await readdir(this.root)).filter(isFileKey).sort();
  }

  async check(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
  }
}
