import fp from 'fastify-plugin';
import path from 'node:path';
import {
  createSpeechEngines,
  DEFAULT_MODEL_DIR,
  nullSpeechEngines,
  type SpeechOptions,
} from '../voice/speech/index';
import type { SpeechEngines } from '../voice/speech/speech.types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Speech synthesis and recognition for the voice runtime; engines are null when missing. */
    speech: SpeechEngines;
  }
}

const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
const flag = (v: string | undefined, fallback: boolean) => {
  const t = text(v)?.toLowerCase();
  if (t === undefined) return fallback;
  return !['0', 'false', 'off', 'no'].includes(t);
};

const count = (v: string | undefined) => {
  const t = text(v);
  if (t === undefined) return undefined;
  const n = Number(t);
  if (!Number.isInteger(n) || n < 1 || n > 32) {
    throw new Error(`SPEECH_RECOGNIZERS must be a whole number from 1 to 32 (got "${t}")`);
  }
  return n;
};

/** Options from the environment (README "Environment": SPEECH_*). */
export function speechEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    enabled: flag(env.SPEECH_ENGINES, true),
    flite: text(env.SPEECH_FLITE) ?? 'flite',
    espeak: text(env.SPEECH_ESPEAK) ?? 'espeak-ng',
    python: text(env.SPEECH_PYTHON) ?? '/usr/bin/python3',
    modelDir: text(env.SPEECH_MODEL_DIR) ?? DEFAULT_MODEL_DIR,
    // Tests start many apps: there the recognizer loads at its first utterance instead.
    preload: flag(env.SPEECH_PRELOAD, env.NODE_ENV !== 'test'),
    // Recognition workers; by default sized to the machine (one per core plus one), one in tests.
    recognizers: count(env.SPEECH_RECOGNIZERS) ?? (env.NODE_ENV === 'test' ? 1 : undefined),
  };
}

/**
 * Speech engines for the voice runtime: flite / espeak-ng for synthesis, a pocketsphinx worker
 * for recognition with a language model built from the content library. What is missing is
 * logged once at start (and kept in `missing`); text chat never depends on any of it.
 */
export const speechPlugin = fp<Partial<SpeechOptions> & { enabled?: boolean }>(
  async (app, overrides) => {
    const env = { ...speechEnv(), ...overrides };
    let engines: SpeechEngines;
    if (!env.enabled) {
      engines = nullSpeechEngines(['Speech is turned off on this server (SPEECH_ENGINES=off).']);
    } else {
      engines = await createSpeechEngines({
        ...env,
        dataDir: overrides.dataDir ?? path.dirname(app.config.uploadsDir),
        log: overrides.log ?? app.log,
        loadLibraryText:
          overrides.loadLibraryText ??
          (async () => {
            const rows = await app.db
              .selectFrom('content_passages as p')
              .innerJoin('content_items as i', 'i.id', 'p.content_id')
              .where('i.is_active', '=', true)
              .select(['p.text'])
              .orderBy('p.content_id')
              .orderBy('p.page')
              .execute();
            return rows.map((r) => r.text);
          }),
      });
    }
    for (const line of engines.missing) app.log.warn(`speech: ${line}`);
    app.decorate('speech', engines);
    app.addHook('onClose', async () => engines.close());
  },
  { name: 'speech', dependencies: ['config', 'db'] },
);
