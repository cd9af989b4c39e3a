import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureDuration } from './media-duration';

const DEMO = fileURLToPath(new URL('../bootstrap/demo-files/', import.meta.url));

describe('measureDuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fieldcraft-duration-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads MP4 and WAV headers', async () => {
    expect(await measureDuration(path.join(DEMO, 'crane-signals.mp4'), 'mp4')).toBeCloseTo(3, 2);
    expect(await measureDuration(path.join(DEMO, 'toolbox-talk.wav'), 'wav')).toBeCloseTo(1, 2);
  });

  it('reads a constant-bitrate MP3 after an ID3 tag, and a Xing frame count', async () => {
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 16,000 bytes of frames are one second.
    const frame = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
    const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10, ...Array(10).fill(0)]);
    const cbr = Buffer.concat([id3, frame, Buffer.alloc(16_000 - 4)]);
    await writeFile(path.join(dir, 'cbr.mp3'), cbr);
    expect(await measureDuration(path.join(dir, 'cbr.mp3'), 'mp3')).toBeCloseTo(1, 2);
    // Stereo MPEG-1: the Xing tag sits 32 bytes after the header; 100 frames of 1152 samples.
    const xing = Buffer.alloc(16_000);
    frame.copy(xing, 0);
    xing.write('Xing', 4 + 32, 'latin1');
    xing.writeUInt32BE(1, 4 + 32 + 4);
    xing.writeUInt32BE(100, 4 + 32 + 8);
    await writeFile(path.join(dir, 'vbr.mp3'), xing);
    expect(await measureDuration(path.join(dir, 'vbr.mp3'), 'mp3')).toBeCloseTo(
      (100 * 1152) / 44100,
      3,
    );
  });

  it('is null for what is not media', async () => {
    await writeFile(path.join(dir, 'fake.mp4'), 'not a movie at all');
    await writeFile(
      path.join(dir, 'fake.wav'),
      await readFile(path.join(DEMO, 'daily-report-template.txt')),
    );
    expect(await measureDuration(path.join(dir, 'fake.wav'), 'wav')).toBeNull();
    // ffprobe (when installed) refuses it too.
    expect(await measureDuration(path.join(dir, 'fake.mp4'), 'mp4')).toBeNull();
  });
});
