// Installs Debian's ffmpeg when it is missing and we may (root, apt-get present), as
// ensure-speech.mjs does for the speech programs: the demo seed (SEED_DEMO=1) turns its
// narrated toolbox talk into a video with it, and ffprobe measures uploaded media whose
// headers the API cannot read itself (docs/library.md). Without it the seed uses the small
// shipped clips and those durations stay unknown; nothing else needs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const onPath = (name) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${name}`));

/** Returns true when ffmpeg and ffprobe are there afterwards (never throws, never exits). */
export function ensureMedia() {
  if (process.env.SPEECH_ENGINES === 'off') return false;
  if (onPath('ffmpeg') && onPath('ffprobe')) return true;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('[fieldcraft] installing ffmpeg (demo media, media durations) ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], {
        stdio: 'inherit',
        env,
      });
    }
  }
  const ok = onPath('ffmpeg') && onPath('ffprobe');
  if (!ok) {
    console.warn(
      '[fieldcraft] ffmpeg missing: the demo library uses its small shipped clips ' +
        '(apt-get install ffmpeg for the narrated demo video).',
    );
  }
  return ok;
}
