import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

// What this machine has for speech: the programs on PATH (or at configured paths), Debian's
// python3 with the pocketsphinx module, and the en-us model files. Each gap becomes one line a
// person can act on.

/** A program name (searched on PATH) or path → its absolute executable path, or null. */
export function findProgram(nameOrPath: string): string | null {
  const executable = (p: string) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (nameOrPath.includes('/')) return executable(nameOrPath) ? path.resolve(nameOrPath) : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, nameOrPath);
    if (executable(candidate)) return candidate;
  }
  return null;
}

/** Whether `python` can import pocketsphinx (Debian's python3-pocketsphinx). */
export function pythonHasPocketsphinx(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'from pocketsphinx import pocketsphinx'], { timeout: 10_000 }, (err) =>
      resolve(!err),
    );
  });
}

/** The en-us model files pocketsphinx-en-us installs. */
export function modelFiles(modelDir: string): string[] {
  return [
    path.join(modelDir, 'en-us', 'mdef'),
    path.join(modelDir, 'en-us.lm.bin'),
    path.join(modelDir, 'cmudict-en-us.dict'),
  ];
}

export interface SpeechProgramsConfig {
  flite: string;
  espeak: string;
  python: string;
  modelDir: string;
}

export interface DetectedSpeech {
  flite: string | null;
  espeak: string | null;
  /** python3 with pocketsphinx and the model, ready for the worker; null when any is missing. */
  python: string | null;
  missing: string[];
}

export async function detectSpeechPrograms(config: SpeechProgramsConfig): Promise<DetectedSpeech> {
  const missing: string[] = [];
  const flite = findProgram(config.flite);
  const espeak = findProgram(config.espeak);
  if (!flite && !espeak) {
    missing.push(
      `Speech synthesis is off: neither flite (${config.flite}) nor espeak-ng (${config.espeak}) is installed — apt-get install flite espeak-ng. Answers come as text only.`,
    );
  } else if (!flite) {
    missing.push(
      `flite is missing (${config.flite}) — apt-get install flite. English speech uses espeak-ng instead.`,
    );
  } else if (!espeak) {
    missing.push(
      `espeak-ng is missing (${config.espeak}) — apt-get install espeak-ng. Agents in other languages speak with flite's English voice.`,
    );
  }

  let python: string | null = findProgram(config.python);
  if (!python) {
    missing.push(
      `Speech recognition is off: ${config.python} is missing — apt-get install python3 python3-pocketsphinx. Type your questions instead.`,
    );
  } else if (!(await pythonHasPocketsphinx(python))) {
    missing.push(
      `Speech recognition is off: ${python} cannot import pocketsphinx — apt-get install python3-pocketsphinx. Type your questions instead.`,
    );
    python = null;
  } else {
    const absent = modelFiles(config.modelDir).filter((f) => !existsSync(f));
    if (absent.length > 0) {
      missing.push(
        `Speech recognition is off: the pocketsphinx en-us model is missing (${absent.join(', ')}) — apt-get install pocketsphinx-en-us. Type your questions instead.`,
      );
      python = null;
    }
  }
  return { flite, espeak, python, missing };
}
