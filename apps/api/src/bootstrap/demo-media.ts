import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureDuration } from '../content/media-duration';

/**
 * The demo library's video and audio, made from text when the demo is seeded: the speech
 * programs the voice runtime already uses (espeak-ng, else flite) read the scripts below, and
 * Debian's ffmpeg turns the narrated slides into a small H.264 video. Nothing is downloaded.
 * Made once per machine and script (a cache folder under the system's temp folder), after the
 * server has started (encoding takes seconds; the start does not wait), then swapped in for
 * the shipped clips; a restart finds them made. When the programs are missing the seed keeps
 * the small shipped clips (demo-files/). docs/library.md.
 */

export interface Slide {
  heading: string;
  body: string;
}

export const DEMO_VIDEO_SLIDES: Slide[] = [
  {
    heading: 'Toolbox talk: crane hand signals',
    body: 'Before any lift, agree who gives the signals. One signal person directs the crane operator at a time, and the operator watches that person only.',
  },
  {
    heading: 'Stop and emergency stop',
    body: 'Anyone on site may signal stop. For stop, hold one arm out level, palm down, and move it back and forth. For emergency stop, do the same with both arms.',
  },
  {
    heading: 'Hoist and lower',
    body: 'To hoist, point your forefinger up and move your hand in a small circle. To lower, point down and circle the same way.',
  },
  {
    heading: 'Before every lift',
    body: 'Check the lift plan and the load chart, keep everyone clear of the load path, and never stand under a suspended load.',
  },
];

export const DEMO_AUDIO_SCRIPT = [
  'Toolbox talk: hearing protection.',
  'Noise above eighty five decibels damages your hearing over time, and the damage does not heal. Saws, breakers, compressors and grinders are all louder than that.',
  "If you have to raise your voice to be heard at arm's length, wear hearing protection.",
  'Foam plugs work only when they are rolled thin and pushed well into the ear. Earmuffs must seal around the ear, so keep hair and the arms of your glasses out of the way.',
  'Put protection on before you start the tool, and keep it on until you leave the noisy area. Tell your supervisor if your ears ring after a shift.',
  'That is the end of this briefing. Work safe.',
].join(' ');

const VIDEO_FILE = 'crane-signals-toolbox-talk.mp4';
const AUDIO_FILE = 'hearing-protection-briefing.wav';

/** Debian's DejaVu (fonts-dejavu-core, which ffmpeg's fontconfig pulls in) or Liberation. */
const BOLD_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];
const REGULAR_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

let abort: AbortSignal | undefined;

function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const options = { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, signal: abort };
    execFile(cmd, args, options, (err, _o, stderr) =>
      err
        ? reject(new Error(`${cmd} failed: ${String(stderr).slice(-500) || err.message}`))
        : resolve(),
    );
  });
}

/** A text-to-speech program, or null: espeak-ng reads more clearly than flite's default voice. */
function speaker(): ((text: string, out: string) => Promise<void>) | null {
  if (process.env.SPEECH_ENGINES === 'off') return null;
  if (onPath('espeak-ng')) {
    return (text, out) => run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', out, text]);
  }
  if (onPath('flite')) return (text, out) => run('flite', ['-t', text, '-o', out]);
  return null;
}

/** Wraps a line for the slide (drawtext does not wrap). */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

export interface DemoMedia {
  /** A narrated MP4, or null when ffmpeg or a speech program is missing (or failed). */
  video: string | null;
  /** A spoken WAV, or null when no speech program is there (or it failed). */
  audio: string | null;
}

async function makeAudio(speak: (t: string, o: string) => Promise<void>, dir: string) {
  const out = path.join(dir, AUDIO_FILE);
  if (existsSync(out)) return out;
  const work = await mkdtemp(path.join(dir, 'work-'));
  try {
    const raw = path.join(work, 'raw.wav');
    await speak(DEMO_AUDIO_SCRIPT, raw);
    await rename(raw, out);
    return out;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function makeVideo(speak: (t: string, o: string) => Promise<void>, dir: string) {
  const out = path.join(dir, VIDEO_FILE);
  if (existsSync(out)) return out;
  const work = await mkdtemp(path.join(dir, 'work-'));
  try {
    const bold = BOLD_FONTS.find((f) => existsSync(f));
    const font = REGULAR_FONTS.find((f) => existsSync(f)) ?? bold;
    const inputs: string[] = [];
    const drawn: string[] = [];
    let start = 0;
    for (const [i, slide] of DEMO_VIDEO_SLIDES.entries()) {
      const wav = path.join(work, `slide-${i}.wav`);
      await speak(`${slide.heading}. ${slide.body}`, wav);
      const seconds = (await measureDuration(wav, 'wav')) ?? 5;
      inputs.push('-i', wav);
      const end = start + seconds + 0.6;
      if (font) {
        const heading = path.join(work, `heading-${i}.txt`);
        const body = path.join(work, `body-${i}.txt`);
        await writeFile(heading, wrap(slide.heading, 34));
        await writeFile(body, wrap(slide.body, 44));
        const when = `enable='between(t,${start.toFixed(2)},${end.toFixed(2)})'`;
        drawn.push(
          `drawtext=fontfile=${bold ?? font}:textfile=${heading}:fontcolor=0xFDB022:fontsize=30:x=36:y=40:${when}`,
          `drawtext=fontfile=${font}:textfile=${body}:fontcolor=white:fontsize=22:line_spacing=10:x=36:y=110:${when}`,
        );
      }
      start = end;
    }
    const n = DEMO_VIDEO_SLIDES.length;
    // Each slide's narration, then a short pause, one after the other.
    const pads = DEMO_VIDEO_SLIDES.map((_, i) => `[${i + 1}:a]apad=pad_dur=0.6[p${i}]`);
    const chain = [
      ...pads,
      `${DEMO_VIDEO_SLIDES.map((_, i) => `[p${i}]`).join('')}concat=n=${n}:v=0:a=1,asplit[a1][a2]`,
      `[a2]showwaves=s=640x70:mode=cline:colors=0xFDB022:rate=12[w]`,
      `[0:v][w]overlay=0:280${drawn.length ? `,${drawn.join(',')}` : ''}[v]`,
    ].join(';');
    const tmp = path.join(work, 'video.mp4');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x1a1a1a:s=640x360:r=12:d=${start.toFixed(2)}`,
      ...inputs,
      '-filter_complex',
      chain,
      '-map',
      '[v]',
      '-map',
      '[a1]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '32',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-ac',
      '1',
      '-movflags',
      '+faststart',
      '-shortest',
      tmp,
    ]);
    await rename(tmp, out);
    return out;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function cacheDir(): string {
  const version = createHash('sha256')
    .update(JSON.stringify([DEMO_VIDEO_SLIDES, DEMO_AUDIO_SCRIPT, onPath('espeak-ng') ? 'e' : 'f']))
    .digest('hex')
    .slice(0, 16);
  return path.join(tmpdir(), `fieldcraft-demo-media-${version}`);
}

/** What an earlier run made already (no programs run): instant, for the seed at start. */
export function cachedDemoMedia(): DemoMedia {
  if (!speaker()) return { video: null, audio: null };
  const dir = cacheDir();
  const found = (name: string) => (existsSync(path.join(dir, name)) ? path.join(dir, name) : null);
  return { video: found(VIDEO_FILE), audio: found(AUDIO_FILE) };
}

/**
 * Makes (or finds, from an earlier run) the demo video and audio. Never throws: whatever
 * cannot be made is null, and the seed keeps the shipped clip. `signal` stops the programs
 * (the server is closing).
 */
export async function demoMedia(
  warn: (msg: string, err?: unknown) => void,
  signal?: AbortSignal,
): Promise<DemoMedia> {
  const speak = speaker();
  if (!speak) return { video: null, audio: null };
  abort = signal;
  try {
    const dir = cacheDir();
    await mkdir(dir, { recursive: true });
    const audio = await makeAudio(speak, dir).catch((err: unknown) => {
      warn('could not make the demo audio briefing; keeping the shipped clip', err);
      return null;
    });
    const video = onPath('ffmpeg')
      ? await makeVideo(speak, dir).catch((err: unknown) => {
          warn('could not make the demo video; keeping the shipped clip', err);
          return null;
        })
      : null;
    return { video, audio };
  } finally {
    abort = undefined;
  }
}
