import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechSynthesizer, SynthesisRequest, SynthesizedAudio } from './speech.types';
import { parseWav } from './wav';

// Synthesis by separate programs, one process per sentence (GPL code is never linked):
// flite for English (its 'slt' voice by default), espeak-ng for other languages and whenever
// flite is missing. Each writes a WAV to stdout; aborting kills the process.

/** flite's built-in voices (`flite -lv`). */
export const FLITE_VOICES = ['slt', 'kal', 'kal16', 'awb', 'rms', 'awb_time'] as const;
export const DEFAULT_FLITE_VOICE = 'slt';
/** Longest text one call speaks; the runtime sends sentences, far shorter. */
const MAX_TEXT = 4000;

export class SynthesisError extends Error {
  override name = 'SynthesisError';
}

/** Runs a program and collects its stdout; the abort signal kills it. */
function runProgram(
  program: string,
  args: string[],
  input: string | null,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(program, args, {
      stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    const onAbort = () => {
      child.kill('SIGKILL');
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-1000)));
    child.on('error', (e) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new SynthesisError(`${program} could not run: ${e.message}`));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return;
      if (code !== 0) reject(new SynthesisError(`${program} failed (${code}): ${err.trim()}`));
      else resolve(Buffer.concat(out));
    });
    if (input !== null && child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Speech text as the programs should get it: no control characters, bounded length. */
export function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

const isEnglish = (language: string) => /^en\b/i.test(language.trim()) || language.trim() === '';

export interface ProgramSynthesizerOptions {
  /** Path of flite, or null when it is missing. */
  flite: string | null;
  /** Path of espeak-ng, or null when it is missing. */
  espeak: string | null;
}

/** flite first for English, espeak-ng for other languages or without flite. */
export class ProgramSynthesizer implements SpeechSynthesizer {
  readonly engine: string;

  constructor(private readonly programs: ProgramSynthesizerOptions) {
    if (!programs.flite && !programs.espeak) throw new Error('No synthesis program');
    this.engine = programs.flite ? 'flite' : 'espeak-ng';
  }

  /** Which program a request goes to. */
  engineFor(request: Pick<SynthesisRequest, 'language'>): 'flite' | 'espeak-ng' {
    if (!this.programs.flite) return 'espeak-ng';
    if (!this.programs.espeak) return 'flite';
    return isEnglish(request.language) ? 'flite' : 'espeak-ng';
  }

  async synthesize(request: SynthesisRequest, signal?: AbortSignal): Promise<SynthesizedAudio> {
    const text = cleanText(request.text);
    if (text === '') return { samples: new Int16Array(0), sampleRate: 16000 };
    const engine = this.engineFor(request);
    let wav: Buffer;
    if (engine === 'flite') {
      const voice = (FLITE_VOICES as readonly string[]).includes(request.voice ?? '')
        ? (request.voice as string)
        : DEFAULT_FLITE_VOICE;
      // flite cannot write to Node's stdout (a socket), so it writes a private temp file.
      // The text is one argv entry (no shell); a leading '-' cannot become an option after -t.
      const file = path.join(tmpdir(), `fc-tts-${process.pid}-${randomUUID()}.wav`);
      try {
        await runProgram(
          this.programs.flite as string,
          ['-voice', voice, '-t', text, '-o', file],
          null,
          signal,
        );
        wav = await readFile(file);
      } finally {
        await rm(file, { force: true });
      }
    } else {
      const language = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(request.language.trim())
        ? request.language.trim().toLowerCase()
        : 'en';
      const voice =
        request.voice && /^[a-z0-9+_-]{1,40}$/i.test(request.voice) ? request.voice : language;
      // Text on stdin, so nothing in it is read as an option.
      wav = await runProgram(
        this.programs.espeak as string,
        ['-v', voice, '--stdin', '--stdout'],
        text,
        signal,
      );
    }
    const parsed = parseWav(new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength));
    return { samples: parsed.samples, sampleRate: parsed.sampleRate };
  }
}
