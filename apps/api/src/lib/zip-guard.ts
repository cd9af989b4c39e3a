import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

// Word (.docx) files are zip archives, and a zip can unpack to far more than it holds (a "zip
// bomb"): a 100 KB upload that becomes gigabytes in the text extractor. Before a .docx is
// accepted, every entry is really inflated (headers can lie) while the bytes are counted and
// thrown away; the archive is refused as soon as a limit is crossed.
//
// Two ceilings (docs/operating.md "Reading documents"): everything together, media
// included, at 128 MB (a 100 MB upload of photos unpacks to about its own size: images do not
// compress); and the parts a reader parses (the XML: everything outside media/ and
// embeddings/ folders) at 32 MB, several thousand pages of text. Past either the upload is
// refused. Below them the text is read in a worker thread with its own time and memory
// limits (lib/extraction-workers.ts): a small document can still be pathological.

export interface ZipLimits {
  /** Unpacked bytes of all entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes of the entries that are not media (the XML a reader parses); unset: no own limit. */
  maxTextBytes?: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 128 * 1024 * 1024,
  maxTextBytes: 32 * 1024 * 1024,
  maxEntries: 5000,
};

/** Pictures, video and embedded files: stored, never parsed by the text reader. */
const MEDIA_ENTRY = /(^|\/)(media|embeddings)\//i;

const megabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

export type ZipVerdict = { ok: true; totalBytes: number } | { ok: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

export async function inspectZip(
  filePath: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipVerdict> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return { ok: false, reason: 'not a zip archive' };
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff) {
      return { ok: false, reason: 'zip64 archives are not accepted' };
    }
    if (count > limits.maxEntries)
      return { ok: false, reason: `more than ${limits.maxEntries} entries` };
    if (directoryOffset + directorySize > size)
      return { ok: false, reason: 'corrupt zip directory' };

    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: Entry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
        return { ok: false, reason: 'corrupt zip directory' };
      }
      const nameLength = directory.readUInt16LE(at + 28);
      entries.push({
        name: directory.toString('utf8', at + 46, Math.min(directory.length, at + 46 + nameLength)),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        localOffset: directory.readUInt32LE(at + 42),
      });
      at +=
        46 +
        directory.readUInt16LE(at + 28) +
        directory.readUInt16LE(at + 30) +
        directory.readUInt16LE(at + 32);
    }

    let total = 0;
    let text = 0;
    const maxText = limits.maxTextBytes ?? Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      const isText = !MEDIA_ENTRY.test(entry.name);
      const header = Buffer.alloc(30);
      await handle.read(header, 0, 30, entry.localOffset);
      if (header.readUInt32LE(0) !== LOCAL_SIGNATURE)
        return { ok: false, reason: 'corrupt zip entry' };
      const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (dataStart + entry.compressedSize > size)
        return { ok: false, reason: 'corrupt zip entry' };
      const budget = Math.min(
        limits.maxTotalBytes - total,
        isText ? maxText - text : Number.POSITIVE_INFINITY,
      );
      let unpacked: number;
      if (entry.method === 0) {
        unpacked = entry.compressedSize;
      } else if (entry.method === 8) {
        unpacked = await inflatedSize(filePath, dataStart, entry.compressedSize, budget);
      } else {
        return { ok: false, reason: `unsupported zip compression method ${entry.method}` };
      }
      total += unpacked;
      if (isText) text += unpacked;
      if (total > limits.maxTotalBytes) {
        return { ok: false, reason: `unpacks to more than ${megabytes(limits.maxTotalBytes)}` };
      }
      if (text > maxText) {
        return { ok: false, reason: `its text parts unpack to more than ${megabytes(maxText)}` };
      }
    }
    return { ok: true, totalBytes: total };
  } finally {
    await handle.close();
  }
}

/** Inflates one entry, counting bytes and discarding them; stops once past `budget`. */
async function inflatedSize(
  filePath: string,
  start: number,
  length: number,
  budget: number,
): Promise<number> {
  const { createReadStream } = await import('node:fs');
  return new Promise((resolve) => {
    let bytes = 0;
    const source =
      length === 0 ? null : createReadStream(filePath, { start, end: start + length - 1 });
    const inflate = createInflateRaw();
    const stop = (value: number) => {
      source?.destroy();
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget) stop(bytes);
    });
    inflate.on('end', () => resolve(bytes));
    // A corrupt stream cannot be read by the extractor either: count it as over the budget.
    inflate.on('error', () => stop(Number.POSITIVE_INFINITY));
    if (source) {
      source.on('error', () => stop(Number.POSITIVE_INFINITY));
      source.pipe(inflate);
    } else {
      inflate.end();
    }
  });
}
