import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDefaultAgent } from './bootstrap';
import { seedDemo, upgradeDemoMedia } from './demo-seed';
import { wrap } from './demo-media';
import { describeOnPglite } from '../test/test-app';

/** A mono 16-bit WAV of `seconds` of silence at 8 kHz. */
function wav(seconds: number): Buffer {
  const data = 8000 * 2 * seconds;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data)]);
}

describeOnPglite('demo media made from text', (ctx) => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fc-demo-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const audioItem = () =>
    ctx.db
      .selectFrom('content_items')
      .select(['id', 'url', 'file_key', 'duration_seconds'])
      .where('title', '=', 'Toolbox talk: hearing protection')
      .executeTakeFirstOrThrow();

  it('the seed stores the shipped clips with their durations; made media replace them later', async () => {
    await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
    const before = await audioItem();
    expect(before.duration_seconds).toBeCloseTo(1, 1);
    const briefing = path.join(dir, 'briefing.wav');
    await writeFile(briefing, wav(3));

    const log = ctx.app.log;
    expect(
      await upgradeDemoMedia(ctx.db, ctx.app.storage, log, { video: null, audio: briefing }),
    ).toBe(1);
    const after = await audioItem();
    expect(after.file_key).not.toBe(before.file_key);
    expect(after.url).toBe(`/api/files/${after.file_key}`);
    expect(after.duration_seconds).toBeCloseTo(3, 1);
    // The shipped clip's file is gone (nothing else used it).
    expect(await ctx.app.storage.size(before.file_key as string)).toBeNull();
    // Once replaced (or if an owner put their own file there), it is left alone.
    expect(
      await upgradeDemoMedia(ctx.db, ctx.app.storage, log, { video: null, audio: briefing }),
    ).toBe(0);
    // The seed reads three documents in worker threads (from the sources, through tsx).
  }, 120_000);

  it('wraps slide text at word boundaries', () => {
    expect(wrap('one two three four five', 9)).toBe('one two\nthree\nfour five');
  });
});
