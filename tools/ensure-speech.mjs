// Installs the speech programs the voice runtime uses (docs/voice-speech.md) when they are
// missing and we may (root, apt-get present): flite and espeak-ng for synthesis, pocketsphinx
// with its en-us model and Debian's python3 module for recognition, sox for the benchmark's
// audio. Otherwise it says what is missing and carries on: text chat works without them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const MODEL = '/usr/share/pocketsphinx/model/en-us';

/** [Debian package, installed?] */
function checks() {
  const onPath = (name) =>
    (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${name}`));
  const python = process.env.SPEECH_PYTHON || '/usr/bin/python3';
  const hasModule = () =>
    existsSync(python) &&
    spawnSync(python, ['-c', 'from pocketsphinx import pocketsphinx'], { stdio: 'ignore' })
      .status === 0;
  return [
    ['flite', onPath('flite')],
    ['espeak-ng', onPath('espeak-ng')],
    [
      'pocketsphinx',
      existsSync('/usr/lib/x86_64-linux-gnu/libpocketsphinx.so.3') ||
        onPath('pocketsphinx_continuous') ||
        hasModule(),
    ],
    [
      'pocketsphinx-en-us',
      existsSync(`${MODEL}/en-us.lm.bin`) && existsSync(`${MODEL}/cmudict-en-us.dict`),
    ],
    ['python3-pocketsphinx', hasModule()],
    ['sox', onPath('sox')],
  ];
}

/** Returns the packages still missing afterwards (never throws, never exits). */
export function ensureSpeech() {
  if (process.env.SPEECH_ENGINES === 'off') return [];
  let missing = checks()
    .filter(([, ok]) => !ok)
    .map(([pkg]) => pkg);
  if (missing.length === 0) return [];
  const root = process.getuid?.() === 0;
  const apt = existsSync('/usr/bin/apt-get');
  if (root && apt) {
    console.log(`[fieldcraft] installing speech programs: ${missing.join(' ')} ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
        stdio: 'inherit',
        env,
      });
    }
    missing = checks()
      .filter(([, ok]) => !ok)
      .map(([pkg]) => pkg);
  }
  if (missing.length > 0) {
    console.warn(
      `[fieldcraft] speech programs missing: ${missing.join(', ')}. Voice needs them ` +
        `(apt-get install ${missing.join(' ')}); text chat works without them.`,
    );
  }
  return missing;
}
