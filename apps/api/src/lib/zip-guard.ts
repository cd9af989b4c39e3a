import { type Entry, openPromise, type ZipFile } from 'yauzl';

// Word (.docx) files are zip archives, and a zip can unpack to far more than it holds (a "zip
// bomb"): a 100 KB upload that becomes gigabytes in the text extractor. Before a .docx is
// accepted, yauzl reads the archive and every entry is really inflated (headers can lie) while
// the bytes are counted and thrown away; the archive is refused as soon as a limit is crossed.
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

type Verdict = { ok: false; reason: string };

const corrupt = (what: 'directory' | 'entry'): Verdict => ({
  ok: false,
  reason: `corrupt zip ${what}`,
});

export async function inspectZip(
  filePath: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipVerdict> {
  let zip: ZipFile;
  try {
    // Sizes are counted here from the real bytes, so yauzl is not asked to compare them with
    // the headers' (a mismatch would stop at the first lie, not at the ceiling).
    zip = await openPromise(filePath, { autoClose: false, validateEntrySizes: false });
  } catch (err) {
    return /signature not found/i.test((err as Error).message)
      ? { ok: false, reason: 'not a zip archive' }
      : corrupt('directory');
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      return { ok: false, reason: `more than ${limits.maxEntries} entries` };
    }
    let total = 0;
    let text = 0;
    const maxText = limits.maxTextBytes ?? Number.POSITIVE_INFINITY;
    const entries = zip.eachEntry();
    for (;;) {
      let next: IteratorResult<Entry>;
      try {
        next = await entries.next();
      } catch {
        return corrupt('directory');
      }
      if (next.done) break;
      const entry = next.value;
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        return {
          ok: false,
          reason: `unsupported zip compression method ${entry.compressionMethod}`,
        };
      }
      // Encrypted data cannot be read by the extractor either.
      if (entry.isEncrypted()) return corrupt('entry');
      const isText = !MEDIA_ENTRY.test(entry.fileName);
      const budget = Math.min(
        limits.maxTotalBytes - total,
        isText ? maxText - text : Number.POSITIVE_INFINITY,
      );
      const unpacked = await unpackedSize(zip, entry, budget);
      if (unpacked === null) return corrupt('entry');
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
    zip.close();
  }
}

/**
 * The bytes one entry really unpacks to, counted and thrown away; stops once past `budget`.
 * null when the entry cannot be read (a bad local header, data past the end, corrupt deflate).
 */
async function unpackedSize(zip: ZipFile, entry: Entry, budget: number): Promise<number | null> {
  let bytes = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > budget) break; // leaving the loop destroys the stream
    }
  } catch {
    return null;
  }
  return bytes;
}
