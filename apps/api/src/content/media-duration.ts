import { execFile } from 'node:child_process';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * How long a video or audio file runs, in seconds, or null when it cannot be told. Read from the
 * file's own headers for the formats crews upload most (MP4/MOV/M4A: the movie header; WAV: the
 * data size over the byte rate; MP3: the Xing/Info frame count, else the first frame's bitrate),
 * so it works in the production image, which has no ffmpeg. Anything else (WebM, OGG, AVI, …)
 * asks ffprobe when it is installed. docs/library.md says why.
 */
export async function measureDuration(filePath: string, ext: string): Promise<number | null> {
  const fromHeaders = await readHeaders(filePath, ext.toLowerCase()).catch(() => null);
  if (fromHeaders !== null) return fromHeaders;
  return probe(filePath);
}

const plausible = (seconds: number) =>
  Number.isFinite(seconds) && seconds > 0 && seconds < 7 * 24 * 3600 ? seconds : null;

async function readHeaders(filePath: string, ext: string): Promise<number | null> {
  const file = await open(filePath, 'r');
  try {
    const size = (await file.stat()).size;
    if (['mp4', 'mov', 'm4a', 'aac'].includes(ext)) return await mp4Duration(file, size);
    if (ext === 'wav') return await wavDuration(file, size);
    if (ext === 'mp3') return await mp3Duration(file, size);
    return null;
  } finally {
    await file.close();
  }
}

async function bytes(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** ISO base media: moov > mvhd holds the timescale and the duration. */
async function mp4Duration(file: FileHandle, size: number): Promise<number | null> {
  const find = async (start: number, end: number, type: string) => {
    let at = start;
    while (at + 8 <= end) {
      const head = await bytes(file, at, 16);
      if (head.length < 8) return null;
      let boxSize = head.readUInt32BE(0);
      let headerSize = 8;
      if (boxSize === 1) {
        if (head.length < 16) return null;
        boxSize = Number(head.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = end - at;
      }
      if (boxSize < headerSize) return null;
      if (head.toString('latin1', 4, 8) === type) {
        return { body: at + headerSize, end: at + boxSize };
      }
      at += boxSize;
    }
    return null;
  };
  const moov = await find(0, size, 'moov');
  if (!moov) return null;
  const mvhd = await find(moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const body = await bytes(file, mvhd.body, 32);
  if (body.length < 20) return null;
  if (body[0] === 1) {
    if (body.length < 32) return null;
    return plausible(Number(body.readBigUInt64BE(24)) / body.readUInt32BE(20));
  }
  return plausible(body.readUInt32BE(16) / body.readUInt32BE(12));
}

/** RIFF WAVE: the data chunk's size over the fmt chunk's byte rate. */
async function wavDuration(file: FileHandle, size: number): Promise<number | null> {
  const riff = await bytes(file, 0, 12);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') {
    return null;
  }
  let at = 12;
  let byteRate = 0;
  while (at + 8 <= size) {
    const head = await bytes(file, at, 8);
    if (head.length < 8) return null;
    const id = head.toString('latin1', 0, 4);
    const chunkSize = head.readUInt32LE(4);
    if (id === 'fmt ') byteRate = (await bytes(file, at + 16, 4)).readUInt32LE(0);
    if (id === 'data') {
      // Streamed writers leave 0 or 0xFFFFFFFF: the data runs to the end of the file.
      const dataSize =
        chunkSize === 0 || chunkSize === 0xffffffff ? size - at - 8 : Math.min(chunkSize, size);
      return byteRate > 0 ? plausible(dataSize / byteRate) : null;
    }
    at += 8 + chunkSize + (chunkSize % 2);
  }
  return null;
}

const MP3_BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** MPEG audio layer III: the Xing/Info frame count when present, else constant bitrate. */
async function mp3Duration(file: FileHandle, size: number): Promise<number | null> {
  let start = 0;
  const id3 = await bytes(file, 0, 10);
  if (id3.toString('latin1', 0, 3) === 'ID3' && id3.length === 10) {
    const tagSize =
      ((id3[6]! & 0x7f) << 21) |
      ((id3[7]! & 0x7f) << 14) |
      ((id3[8]! & 0x7f) << 7) |
      (id3[9]! & 0x7f);
    start = 10 + tagSize;
  }
  const head = await bytes(file, start, 4096);
  for (let i = 0; i + 4 <= head.length; i++) {
    if (head[i] !== 0xff || (head[i + 1]! & 0xe0) !== 0xe0) continue;
    const version = (head[i + 1]! >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (head[i + 1]! >> 1) & 3; // 1: layer III
    const bitrateIndex = head[i + 2]! >> 4;
    const rateIndex = (head[i + 2]! >> 2) & 3;
    if (
      version === 1 ||
      layer !== 1 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      rateIndex === 3
    ) {
      continue;
    }
    const sampleRate = MP3_RATES[version]![rateIndex]!;
    const kbps = (version === 3 ? MP3_BITRATES_V1_L3 : MP3_BITRATES_V2_L3)[bitrateIndex]!;
    const samplesPerFrame = version === 3 ? 1152 : 576;
    const mono = head[i + 3]! >> 6 === 3;
    const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const xing = await bytes(file, start + i + 4 + sideInfo, 12);
    const tag = xing.toString('latin1', 0, 4);
    if ((tag === 'Xing' || tag === 'Info') && xing.length >= 12 && xing.readUInt32BE(4) & 1) {
      return plausible((xing.readUInt32BE(8) * samplesPerFrame) / sampleRate);
    }
    return plausible(((size - start - i) * 8) / (kbps * 1000));
  }
  return null;
}

/** ffprobe's reading of the container, when Debian's ffmpeg is installed; else null. */
function probe(filePath: string): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', filePath],
      { timeout: 10_000 },
      (err, stdout) => resolve(err ? null : plausible(Number.parseFloat(String(stdout).trim()))),
    );
  });
}
