// Over 300 lines: one entry per environment variable the server reads (about sixty), each with
// its default and meaning, so that this file is the single source of the README's
// "Environment" table (`node tools/env-table.mjs --write`; `npm test` fails when they differ).
import { z } from 'zod';

/** What the environment table says about one variable. */
export interface EnvDoc {
  /** As shown in the table: a literal in backticks (checked against the parser), or words. */
  default: string;
  meaning: string;
}

/** Attaches the table's text to a variable's schema (zod metadata, read by `envDocs()`). */
const env = <T extends z.ZodType>(schema: T, doc: EnvDoc): T => schema.meta({ env: doc });

// Operators (and tools/dev.mjs) pass empty strings to mean "unset"; treat them so.
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

const withDefault = (fallback: string) => optionalText.transform((v) => v ?? fallback);

const positiveInt = (fallback: number) =>
  withDefault(String(fallback)).transform(Number).pipe(z.number().int().positive());

const optionalPositiveInt = optionalText.pipe(
  z
    .string()
    .regex(/^[1-9]\d*$/, { error: 'must be a positive integer' })
    .optional(),
);

const optionalWholeNumber = optionalText.pipe(
  z.string().regex(/^\d+$/, { error: 'must be a whole number' }).optional(),
);

// Variables parsed where they are used (the advisor's model client, the impersonation secret,
// the speech plugin) accept any text here; the reader checks the value and stops the start
// with a message naming the variable. They are listed so that the table is whole.
const readElsewhere = optionalText;

export const LogLevelSchema = z.enum([
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]);

/** Environment variables the API reads. */
export const EnvSchema = z.object({
  PORT: env(withDefault('3000').transform(Number).pipe(z.number().int().min(0).max(65535)), {
    default: '`3000`',
    meaning: 'HTTP port of the one process.',
  }),
  HOST: env(withDefault('0.0.0.0'), { default: '`0.0.0.0`', meaning: 'Interface to listen on.' }),
  DATABASE_URL: env(
    optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
        .optional(),
    ),
    {
      default: 'unset',
      meaning:
        '`postgres://…`: use that PostgreSQL. Unset: the embedded PGlite under `${DATA_DIR}/pglite` (one instance only).',
    },
  ),
  DATABASE_SCHEMA: env(
    optionalText.pipe(
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]*$/, { error: 'must be a plain lower-case identifier' })
        .optional(),
    ),
    {
      default: 'unset',
      meaning: 'PostgreSQL schema to work in (created if missing; sets `search_path`).',
    },
  ),
  DATA_DIR: env(withDefault('./.data'), {
    default: '`./.data`',
    meaning:
      'The embedded database (`pglite/`), uploaded files with local storage (`uploads/`), uploads in progress (`uploads/.tmp`, any storage) and the speech language models. Ignored by git.',
  }),
  STORAGE: env(withDefault('local').pipe(z.enum(['local', 's3'])), {
    default: '`local`',
    meaning:
      '`local`: uploaded files under `${DATA_DIR}/uploads`. `s3`: an S3-compatible bucket (the `S3_*` variables; docs/operating.md).',
  }),
  S3_BUCKET: env(optionalText, {
    default: 'unset',
    meaning: 'Required with `STORAGE=s3`. Created at start if missing.',
  }),
  S3_ENDPOINT: env(optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()), {
    default: 'unset',
    meaning: '`http(s)://host:port` of MinIO, Ceph, R2, etc. Unset: AWS S3 in `S3_REGION`.',
  }),
  S3_REGION: env(withDefault('us-east-1'), {
    default: '`us-east-1`',
    meaning: "The bucket's region.",
  }),
  S3_ACCESS_KEY_ID: env(optionalText, {
    default: 'unset',
    meaning:
      "Set with `S3_SECRET_ACCESS_KEY` or not at all. Neither: the AWS SDK's default chain (environment, profile, instance role).",
  }),
  S3_SECRET_ACCESS_KEY: env(optionalText, {
    default: 'unset',
    meaning: 'The secret of `S3_ACCESS_KEY_ID`.',
  }),
  S3_FORCE_PATH_STYLE: env(withDefault('false').pipe(z.enum(['true', 'false', '1', '0'])), {
    default: '`false`',
    meaning: '`true` for `endpoint/bucket/key` addressing (MinIO and most self-hosted stores).',
  }),
  OWNER_EMAIL: env(
    withDefault('owner@fieldcraft.local')
      .transform((v) => v.toLowerCase())
      .pipe(z.email()),
    { default: '`owner@fieldcraft.local`', meaning: 'The OWNER created on an empty database.' },
  ),
  OWNER_PASSWORD: env(
    optionalText.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
    {
      default: 'unset',
      meaning:
        "That owner's password (8+ characters). Unset: a random one is printed once to the log (`Owner account created: <email> / password: <pw> (change required at first sign-in)`) and must be changed at first sign-in.",
    },
  ),
  SEED_DEMO: env(
    optionalText.transform((v) => v === '1' || v === 'true'),
    {
      default: 'unset',
      meaning: '`1` (or `true`): add the demo data (below) at every start, never twice.',
    },
  ),
  DEMO_MEDIA: env(
    optionalText.transform((v) => v !== '0' && v !== 'false'),
    {
      default: 'on',
      meaning:
        '`0` (or `false`): with `SEED_DEMO`, keep the small shipped demo clips instead of making the narrated video and audio from text after the start (needs espeak-ng or flite and ffmpeg). docs/library.md',
    },
  ),
  // Unset → the default build output; set but empty → do not serve a web app (dev mode).
  WEB_DIST_DIR: env(z.string().trim().optional(), {
    default: '`dist/apps/web`',
    meaning: 'Built web app to serve. Set but empty: serve none (API only, dev mode).',
  }),
  WEB_SSR_DIR: env(z.string().trim().optional(), {
    default: '`web-ssr` beside `WEB_DIST_DIR`',
    meaning:
      'The built first-view renderer (`entry-server.mjs`): signed-in loads of `/` and `/dashboard` arrive drawn (docs/field-readiness.md). Missing or set but empty: pages are drawn in the browser only.',
  }),
  LOG_LEVEL: env(withDefault('info').pipe(LogLevelSchema), {
    default: '`info`',
    meaning:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines (pino).',
  }),
  METRICS_TOKEN: env(
    optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
    {
      default: 'unset',
      meaning:
        "Bearer token `GET /metrics` requires (16+ characters). Unset: only loopback clients (the socket's address) may read it.",
    },
  ),
  COOKIE_SECURE: env(withDefault('auto').pipe(z.enum(['auto', 'true', 'false'])), {
    default: '`auto`',
    meaning:
      '`auto`: the session cookie is `Secure` when the request came over HTTPS (as seen through `TRUST_PROXY`). `true` / `false` force it.',
  }),
  TRUST_PROXY: env(optionalText, {
    default: '`false`',
    meaning:
      'Trust `X-Forwarded-For/-Proto/-Host` and `X-Request-Id` from: `true` (any peer), a hop count, or comma-separated addresses / CIDRs / `loopback` / `uniquelocal`. Set it behind a proxy.',
  }),
  SESSION_TTL_HOURS: env(positiveInt(168), {
    default: '`168`',
    meaning: 'Session lifetime from sign-in (absolute, not sliding).',
  }),
  TRUSTED_ORIGINS: env(optionalText, {
    default: 'unset',
    meaning:
      'Comma-separated extra origins (`scheme://host[:port]`) allowed to send cookie-authenticated mutations.',
  }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: env(positiveInt(5), {
    default: '`5`',
    meaning:
      'Failed sign-ins on an account from devices without its device cookie before each further try waits (1, 2, 4, 8, then 15 min). docs/operating.md, "Sign-in limits".',
  }),
  LOGIN_MAX_FAILURES_PER_DEVICE: env(positiveInt(5), {
    default: '`5`',
    meaning:
      'Failed sign-ins with one device cookie before that cookie is no longer trusted (also: wrong current passwords per session).',
  }),
  LOGIN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT: env(positiveInt(10), {
    default: '`10`',
    meaning: 'Failed sign-ins on one account from one client address within the window before 429.',
  }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: env(positiveInt(100), {
    default: '`100`',
    meaning:
      'Failed sign-ins from one client address, all accounts together, within the window before 429.',
  }),
  LOGIN_FAILURE_WINDOW_MINUTES: env(positiveInt(15), {
    default: '`15`',
    meaning: "The sign-in limits' window.",
  }),
  LOGIN_DEVICE_SECRET: env(
    optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    {
      default: 'unset',
      meaning:
        'HMAC key (32+ characters) for device cookies. Unset: a random per-install secret kept in the database.',
    },
  ),
  IMPERSONATION_SECRET: env(readElsewhere, {
    default: 'unset',
    meaning:
      'HMAC-SHA256 key (32+ characters) for impersonation tokens; every instance needs the same value. Unset: a random per-install secret kept in the database. docs/people-and-companies.md',
  }),
  PUBLIC_URL: env(
    optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
        .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), {
          error: 'must be scheme://host[:port] without a path',
        })
        .optional(),
    ),
    {
      default: 'unset',
      meaning:
        'The address people open the app at (`https://fieldcraft.example.com`); links in emails start with it. Required with `SMTP_URL`: never taken from a request, whose `Host` anyone can set.',
    },
  ),
  SMTP_URL: env(
    optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    {
      default: 'unset',
      meaning:
        '`smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`: "Forgot password" also mails a one-time reset link (docs/account.md). Unset: no mail; an admin answers the request. Never logged.',
    },
  ),
  MAIL_FROM: env(withDefault('Fieldcraft <no-reply@localhost>'), {
    default: '`Fieldcraft <no-reply@localhost>`',
    meaning: 'The sender of those emails; use an address your mail server may send as.',
  }),
  HEADERS_TIMEOUT_SECONDS: env(positiveInt(20), {
    default: '`20`',
    meaning: 'The request line and all headers must arrive within this (slow clients get 408).',
  }),
  REQUEST_TIMEOUT_SECONDS: env(positiveInt(900), {
    default: '`900`',
    meaning:
      'The whole request, body included, must arrive within this (a 100 MB upload needs about 0.9 Mbit/s). At least `HEADERS_TIMEOUT_SECONDS`.',
  }),
  CONNECTION_IDLE_TIMEOUT_SECONDS: env(positiveInt(60), {
    default: '`60`',
    meaning: 'A connection with no bytes in either direction for this long is closed.',
  }),
  PASSWORD_HASH_CONCURRENCY: env(optionalPositiveInt, {
    default: 'CPUs − 1 (at least 1)',
    meaning: 'Password hashes / verifications (argon2id, 19 MiB each) running at once.',
  }),
  PASSWORD_HASH_QUEUE: env(optionalWholeNumber, {
    default: '32 × the concurrency',
    meaning:
      'How many more may wait. Past that, sign-in (and any password change) answers 503 `SERVICE_UNAVAILABLE` with `Retry-After: 2` at once.',
  }),
  UPLOAD_TEMP_MAX_AGE_MINUTES: env(
    withDefault('60').transform(Number).pipe(z.number().int().min(0)),
    {
      default: '`60`',
      meaning:
        'Temporary upload files older than this (left by a crash mid-upload) are removed at start and every 10 minutes; `0` removes every leftover at start (only when one instance uses the uploads folder).',
    },
  ),
  TEXT_EXTRACTION_CONCURRENCY: env(optionalPositiveInt, {
    default: 'CPUs − 1, at least 1, at most 2',
    meaning:
      'Files (PDF, .docx, .txt) whose text is read at once, each in a worker thread of its own. docs/operating.md, "Reading documents".',
  }),
  TEXT_EXTRACTION_QUEUE: env(optionalWholeNumber, {
    default: '`32`',
    meaning: 'Files that may wait for a thread; past that a file is stored but not read (`busy`).',
  }),
  TEXT_EXTRACTION_TIMEOUT_SECONDS: env(optionalPositiveInt, {
    default: '`30`',
    meaning:
      "Wall-clock time one file's reading may take; then its thread is terminated (`timeout`).",
  }),
  TEXT_EXTRACTION_MAX_HEAP_MB: env(
    optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a whole number' })
        .refine((v) => Number(v) >= 32, { error: 'must be at least 32' })
        .optional(),
    ),
    {
      default: '`256`',
      meaning:
        'JavaScript heap of one reading thread (at least 32); past it the thread is ended (`memory`).',
    },
  ),
  TEXT_EXTRACTION_MAX_CHARS: env(optionalPositiveInt, {
    default: '`2000000`',
    meaning:
      "Characters of one file's text that are kept and searched; the rest is cut (`partial`).",
  }),
  VOICE_MAX_FRAME_BYTES: env(positiveInt(262_144), {
    default: '`262144`',
    meaning:
      'Largest websocket frame the conversation socket accepts; bigger closes 1009 `Frame too large`. docs/voice-runtime.md',
  }),
  VOICE_AUDIO_RATE_MARGIN: env(
    withDefault('1.5').transform(Number).pipe(z.number().min(1).max(100)),
    {
      default: '`1.5`',
      meaning:
        'Microphone audio may arrive at most this many times faster than real time (after a 1 s grace); more closes 1008.',
    },
  ),
  VOICE_MAX_MESSAGES_PER_SECOND: env(positiveInt(100), {
    default: '`100`',
    meaning:
      'Frames per second one conversation may send (bursts up to twice that); more closes 1008.',
  }),
  VOICE_MAX_SESSIONS_PER_USER: env(positiveInt(3), {
    default: '`3`',
    meaning: 'Open conversations per user; one more is refused (1008) before it starts.',
  }),
  VOICE_MAX_SESSIONS: env(positiveInt(100), {
    default: '`100`',
    meaning: 'Open conversations on this server; one more is refused (1013) before it starts.',
  }),
  VOICE_IDLE_TIMEOUT_SECONDS: env(positiveInt(60), {
    default: '`60`',
    meaning: 'No user input for this long closes the conversation 1002 `Idle timeout`.',
  }),
  VOICE_MAX_DURATION_SECONDS: env(positiveInt(1800), {
    default: '`1800`',
    meaning: 'Longest conversation: `error` max_duration_exceeded, then 1000.',
  }),
  VOICE_SIGNED_URL_TTL_SECONDS: env(positiveInt(60), {
    default: '`60`',
    meaning: 'Lifetime of a signed conversation URL (single use).',
  }),
  VOICE_ACCESS_CHECK_SECONDS: env(
    withDefault('2').transform(Number).pipe(z.number().min(0.1).max(300)),
    {
      default: '`2`',
      meaning:
        'How often each instance re-checks its open conversations (one query for all): a user deactivated, signed out or removed from the room, or a room no longer LIVE, ends the conversation (1008 with a reason) within about this long. 0.1–300, decimals allowed.',
    },
  ),
  ELEVENLABS_API_KEY: env(optionalText, {
    default: 'unset',
    meaning:
      'Server-side key for agents with provider `elevenlabs`: their signed URLs are minted from ElevenLabs. Never sent to the browser.',
  }),
  ELEVENLABS_API_URL: env(
    withDefault('https://api.elevenlabs.io').pipe(z.url({ error: 'must be an http(s) URL' })),
    {
      default: '`https://api.elevenlabs.io`',
      meaning: 'Where those signed URLs are minted (tests use a local stand-in).',
    },
  ),
  LLM_BASE_URL: env(readElsewhere, {
    default: 'unset',
    meaning:
      "OpenAI-compatible API base (e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`): the Field Advisor's answers are written by that model from the cited passages, streamed; errors fall back to quoting. Unset: answers quote the passages. docs/voice-advisor.md",
  }),
  LLM_API_KEY: env(readElsewhere, {
    default: 'unset',
    meaning: 'Sent as `Authorization: Bearer …` to `LLM_BASE_URL`. Never logged.',
  }),
  LLM_MODEL: env(readElsewhere, {
    default: '`gpt-4o-mini`',
    meaning: 'The model name sent to `LLM_BASE_URL`.',
  }),
  LLM_TIMEOUT_MS: env(readElsewhere, {
    default: '`15000`',
    meaning:
      'Longest silence from the model (before it starts and between pieces) before the advisor falls back to quoting.',
  }),
  ADVISOR_THESAURUS_FILE: env(readElsewhere, {
    default: 'unset',
    meaning:
      'A file of extra site words for the Field Advisor (lines of `word: synonym, synonym`), added to the built-in thesaurus at start. docs/voice-advisor.md',
  }),
  SPEECH_ENGINES: env(readElsewhere, {
    default: '`on`',
    meaning:
      '`off`: no speech engines at all (text chat only); the log and `app.speech.missing` say so. docs/voice-speech.md',
  }),
  SPEECH_FLITE: env(readElsewhere, {
    default: '`flite`',
    meaning:
      'Synthesis program (a name on `PATH` or a path). A missing one is reported; text keeps working.',
  }),
  SPEECH_ESPEAK: env(readElsewhere, {
    default: '`espeak-ng`',
    meaning: 'The second synthesis program, as `SPEECH_FLITE`.',
  }),
  SPEECH_PYTHON: env(readElsewhere, {
    default: '`/usr/bin/python3`',
    meaning: "Debian's python3 with `python3-pocketsphinx`, which runs the recognition worker.",
  }),
  SPEECH_MODEL_DIR: env(readElsewhere, {
    default: '`/usr/share/pocketsphinx/model/en-us`',
    meaning: 'The pocketsphinx-en-us model (acoustic model, `en-us.lm.bin`, `cmudict-en-us.dict`).',
  }),
  SPEECH_PRELOAD: env(readElsewhere, {
    default: '`1` (`0` when `NODE_ENV=test`)',
    meaning:
      'Load the recognizer and build the library language model at start; `0`: at the first utterance.',
  }),
  SPEECH_RECOGNIZERS: env(readElsewhere, {
    default: 'cores + 1, 2 to 6 (`1` when `NODE_ENV=test`)',
    meaning:
      'Recognition worker processes (pocketsphinx, ~60 MB each): people speaking at the same moment are decoded side by side. A whole number from 1 to 32.',
  }),
});

/** The table's rows in schema order: every variable with its default and meaning. */
export function envDocs(): Array<EnvDoc & { name: string }> {
  return Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const doc = schema.meta()?.['env'] as EnvDoc | undefined;
    if (!doc) throw new Error(`${name}: no default and meaning in env-schema.ts`);
    return { name, ...doc };
  });
}
