import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZIP_LIMITS, inspectZip } from './zip-guard';
import { zipOf } from '../test/zip';
import { testDir } from '../test/temp-dirs';

const dir = testDir('fc-zip-');

function file(name: string, data: Buffer): string {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
}

describe('zip guard', () => {
  it('accepts a real Word file and reports what it unpacks to', async () => {
    const docx = readFileSync(
      new URL('../bootstrap/demo-files/concrete-pour-procedure.docx', import.meta.url),
    );
    const verdict = await inspectZip(file('real.docx', docx));
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.totalBytes).toBeGreaterThan(docx.length);
  });

  it('refuses an archive that unpacks past the limit, without unpacking it all', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      ...Array.from({ length: 8 }, (_, i) => ({ name: `word/media/${i}.bin`, data: zeros })),
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const verdict = await inspectZip(file('bomb.docx', bomb), {
      maxTotalBytes: 32 * 1024 * 1024,
      maxEntries: 100,
    });
    expect(verdict).toEqual({ ok: false, reason: 'unpacks to more than 32 MB' });
  });

  it('holds the parts a reader parses (not media) to a lower ceiling of their own', async () => {
    const limits = {
      maxTotalBytes: 16 * 1024 * 1024,
      maxTextBytes: 2 * 1024 * 1024,
      maxEntries: 10,
    };
    const photos = zipOf([
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: 'word/media/image1.jpeg', data: Buffer.alloc(6 * 1024 * 1024) },
      { name: 'word/embeddings/sheet.xlsx', data: Buffer.alloc(3 * 1024 * 1024) },
    ]);
    expect((await inspectZip(file('photos.docx', photos), limits)).ok).toBe(true);
    const text = zipOf([{ name: 'word/document.xml', data: Buffer.alloc(3 * 1024 * 1024, 'x') }]);
    expect(await inspectZip(file('text.docx', text), limits)).toEqual({
      ok: false,
      reason: 'its text parts unpack to more than 2 MB',
    });
  });

  it('by default refuses past 128 MB in all and 32 MB of text parts', () => {
    expect(DEFAULT_ZIP_LIMITS).toEqual({
      maxTotalBytes: 128 * 1024 * 1024,
      maxTextBytes: 32 * 1024 * 1024,
      maxEntries: 5000,
    });
  });

  it('refuses archives whose headers lie, too many entries, and non-zips', async () => {
    const honest = zipOf([{ name: 'a.xml', data: Buffer.alloc(4 * 1024 * 1024) }]);
    // Both headers claim 10 bytes; the guard inflates and counts the real 4 MB.
    const lying = Buffer.from(honest);
    const centralAt = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, centralAt + 24);
    lying.writeUInt32LE(10, 22);
    const verdict = await inspectZip(file('lying.docx', lying), {
      maxTotalBytes: 1024 * 1024,
      maxEntries: 10,
    });
    expect(verdict).toEqual({ ok: false, reason: 'unpacks to more than 1 MB' });

    // Deflate data that does not inflate cannot be read by the extractor either.
    const broken = Buffer.from(honest);
    broken.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 64);
    expect(await inspectZip(file('broken.docx', broken))).toEqual({
      ok: false,
      reason: 'corrupt zip entry',
    });

    const many = zipOf(
      Array.from({ length: 20 }, (_, i) => ({ name: `${i}`, data: Buffer.from('x') })),
    );
    expect(
      await inspectZip(file('many.docx', many), { maxTotalBytes: 1e9, maxEntries: 10 }),
    ).toEqual({
      ok: false,
      reason: 'more than 10 entries',
    });
    expect((await inspectZip(file('text.docx', Buffer.from('hello')))).ok).toBe(false);
  });
});
