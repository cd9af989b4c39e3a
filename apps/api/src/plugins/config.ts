// Over 300 lines: the one AppConfig type and its mapping from every variable, kept together
// so a new setting is added in one file (its entry in env-schema.ts aside).
// The environment (parsed by env-schema.ts, which also documents every variable) turned into the
// API's configuration, and the plugin that hands it to the routes.
import fp from 'fastify-plugin';
import path from 'node:path';
import type { z } from 'zod';
import { defaultTextExtractionLimits, type TextExtractionLimits } from '../lib/extraction-workers';
import { defaultPasswordHashingLimits } from '../lib/passwords';
import { EnvSchema, type LogLevelSchema } from './env-schema';

export type LogLevel = z.infer<typeof LogLevelSchema>;

/** Limits and settings of the voice socket; every duration in milliseconds. */
export interface VoiceConfig {
  /** Largest accepted websocket frame (bytes); bigger closes 1009. */
  maxFrameBytes: number;
  /** Closes 1008 when more audio arrives than wall-clock time × this (after a 1 s grace). */
  audioRateMargin: number;
  /** Frames per second a client may send (averaged over 2 s); more closes 1008. */
  maxMessagesPerSecond: number;
  maxSessionsPerUser: number;
  /** Open sessions on this server; more are refused (1013) before the metadata. */
  maxSessions: number;
  /** No user input for this long closes 1002 'Idle timeout'. */
  idleTimeoutMs: number;
  /** Longest conversation; then error max_duration_exceeded and close 1000. */
  maxDurationMs: number;
  pingIntervalMs: number;
  /** Unanswered pings in a row before closing 1002. */
  maxMissedPings: number;
  /** How long the server waits for conversation_initiation_client_data before using defaults. */
  initiationTimeoutMs: number;
  signedUrlTtlMs: number;
  /**
   * How often each instance re-checks the access of its open conversations (one query for all
   * of them); a revoked one ends within about this long.
   */
  accessCheckIntervalMs: number;
  elevenLabsApiKey: string | null;
  elevenLabsApiUrl: string;
}

export const DEFAULT_VOICE_CONFIG: VoiceConfig = {
  maxFrameBytes: 262_144,
  audioRateMargin: 1.5,
  maxMessagesPerSecond: 100,
  maxSessionsPerUser: 3,
  maxSessions: 100,
  idleTimeoutMs: 60_000,
  maxDurationMs: 1_800_000,
  pingIntervalMs: 5_000,
  maxMissedPings: 3,
  initiationTimeoutMs: 5_000,
  signedUrlTtlMs: 60_000,
  accessCheckIntervalMs: 2_000,
  elevenLabsApiKey: null,
  elevenLabsApiUrl: 'https://api.elevenlabs.io',
};

/** The voice settings with defaults filled in (tests pass only what they shrink). */
export function voiceConfig(config: AppConfig): VoiceConfig {
  return { ...DEFAULT_VOICE_CONFIG, ...config.voice };
}

export interface AppConfig {
  port: number;
  host: string;
  /** postgres:// URL, or null for the embedded PGlite. */
  databaseUrl: string | null;
  /** PostgreSQL schema to work in (search_path); null = the server's default. */
  databaseSchema: string | null;
  /** Absolute directory of the embedded PGlite database, or 'memory://' for tests. */
  pgliteDir: string;
  /** Where uploaded files live (local-disk storage): `${DATA_DIR}/uploads`. */
  uploadsDir: string;
  /** Where committed uploads go; temporary files stay under `uploadsDir/.tmp` either way. */
  storage: StorageConfig;
  ownerEmail: string;
  /** null → a random one is generated and printed once. */
  ownerPassword: string | null;
  seedDemo: boolean;
  /** With seedDemo: make the narrated demo video and audio from text (docs/library.md). */
  demoMedia: boolean;
  /** Absolute path of the built web app, or null to serve none. */
  webDistDir: string | null;
  /** Absolute path of the built first-view renderer (entry-server.mjs), or null for none. */
  webSsrDir: string | null;
  logLevel: LogLevel;
  /** Bearer token GET /metrics requires; null → loopback clients only. */
  metricsToken: string | null;
  cookieSecure: 'auto' | boolean;
  /** Passed to Fastify's `trustProxy` as is. */
  trustProxy: boolean | number | string;
  sessionTtlHours: number;
  /** Extra origins (scheme://host[:port]) allowed to send cookie-authenticated mutations. */
  trustedOrigins: string[];
  loginRateLimit: LoginRateLimit;
  /** Where people open the app (`scheme://host[:port]`, no trailing slash); null: not set. */
  publicUrl: string | null;
  /** Outgoing mail (reset links); null: none is sent. */
  mail: MailConfig | null;
  uploadTempMaxAgeMinutes: number;
  /** How long a client may take to send a request; missing fields take DEFAULT_SERVER_TIMEOUTS. */
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Concurrent password hashing; missing: sized from the CPU count (lib/passwords.ts). */
  passwordHashing?: { concurrency: number; queue: number };
  /** Voice socket limits; missing fields take DEFAULT_VOICE_CONFIG (see voiceConfig()). */
  voice?: Partial<VoiceConfig>;
  /** Text extraction limits; missing fields take defaultTextExtractionLimits(). */
  textExtraction?: Partial<TextExtractionLimits>;
}

/** Sign-in limits (docs/operating.md, "Sign-in limits"); counted in login_throttle. */
export interface LoginRateLimit {
  /** Failures on an account from untrusted devices before each further try waits (growing). */
  maxFailuresPerAccount: number;
  /** Failures with one device cookie before that cookie is no longer trusted. */
  maxFailuresPerDevice: number;
  /** Failures on one account from one address (untrusted devices) before that pair is locked. */
  maxFailuresPerAddressAndAccount: number;
  /** Failures from one address across all accounts (untrusted devices) before it is locked. */
  maxFailuresPerAddress: number;
  windowMinutes: number;
  /** LOGIN_DEVICE_SECRET; null → a per-install secret in app_secrets. */
  deviceSecret?: string | null;
}

/** SMTP_URL and MAIL_FROM (docs/account.md, "Forgot password"). */
export interface MailConfig {
  /** smtp:// or smtps:// with any credentials; never logged. */
  smtpUrl: string;
  /** The From header, e.g. `Fieldcraft <no-reply@example.com>`. */
  from: string;
}

/** Limits on slow clients (slowloris), in milliseconds. */
export interface ServerTimeouts {
  /** The request line and every header must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** A connection with no bytes either way for this long is closed (socket idle timeout). */
  idleMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 900_000,
  idleMs: 60_000,
};

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | null;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

function parseStorage(e: z.infer<typeof EnvSchema>): StorageConfig | string {
  if (e.STORAGE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) return 'S3_BUCKET: required when STORAGE=s3';
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    return 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither';
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}

function parsePasswordHashing(e: z.infer<typeof EnvSchema>): AppConfig['passwordHashing'] {
  const base = defaultPasswordHashingLimits();
  const concurrency = e.PASSWORD_HASH_CONCURRENCY
    ? Number(e.PASSWORD_HASH_CONCURRENCY)
    : base.concurrency;
  const queue = e.PASSWORD_HASH_QUEUE ? Number(e.PASSWORD_HASH_QUEUE) : concurrency * 32;
  return { concurrency, queue };
}

function parseTextExtraction(e: z.infer<typeof EnvSchema>): TextExtractionLimits {
  const base = defaultTextExtractionLimits();
  const number = (v: string | undefined, fallback: number) => (v ? Number(v) : fallback);
  return {
    concurrency: number(e.TEXT_EXTRACTION_CONCURRENCY, base.concurrency),
    queue: number(e.TEXT_EXTRACTION_QUEUE, base.queue),
    timeoutMs: number(e.TEXT_EXTRACTION_TIMEOUT_SECONDS, base.timeoutMs / 1000) * 1000,
    maxHeapMb: number(e.TEXT_EXTRACTION_MAX_HEAP_MB, base.maxHeapMb),
    maxChars: number(e.TEXT_EXTRACTION_MAX_CHARS, base.maxChars),
  };
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // comma-separated addresses / CIDRs
}

/** Thrown when the environment does not parse; main prints it and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into the API's configuration. Relative paths resolve from `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storage = parseStorage(e);
  if (typeof storage === 'string') throw new ConfigError(`Invalid configuration:\n  ${storage}`);
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS',
    );
  }
  // A link must point at the app's own address, which only the operator can say.
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required when SMTP_URL is set (reset links are sent to it)',
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const webDist = e.WEB_DIST_DIR === undefined ? 'dist/apps/web' : e.WEB_DIST_DIR;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseSchema: e.DATABASE_SCHEMA ?? null,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    storage,
    ownerEmail: e.OWNER_EMAIL,
    ownerPassword: e.OWNER_PASSWORD ?? null,
    seedDemo: e.SEED_DEMO,
    demoMedia: e.DEMO_MEDIA,
    webDistDir: webDist === '' ? null : path.resolve(cwd, webDist),
    // Beside the web app by default (dist/apps/web-ssr); set but empty: no first view.
    webSsrDir:
      e.WEB_SSR_DIR === ''
        ? null
        : path.resolve(
            cwd,
            e.WEB_SSR_DIR ??
              (webDist === '' ? 'dist/apps/web-ssr' : path.join(path.dirname(webDist), 'web-ssr')),
          ),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    loginRateLimit: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerDevice: e.LOGIN_MAX_FAILURES_PER_DEVICE,
      maxFailuresPerAddressAndAccount: e.LOGIN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
      deviceSecret: e.LOGIN_DEVICE_SECRET ?? null,
    },
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    uploadTempMaxAgeMinutes: e.UPLOAD_TEMP_MAX_AGE_MINUTES,
    serverTimeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: e.CONNECTION_IDLE_TIMEOUT_SECONDS * 1000,
    },
    passwordHashing: parsePasswordHashing(e),
    textExtraction: parseTextExtraction(e),
    voice: {
      ...DEFAULT_VOICE_CONFIG,
      maxFrameBytes: e.VOICE_MAX_FRAME_BYTES,
      audioRateMargin: e.VOICE_AUDIO_RATE_MARGIN,
      maxMessagesPerSecond: e.VOICE_MAX_MESSAGES_PER_SECOND,
      maxSessionsPerUser: e.VOICE_MAX_SESSIONS_PER_USER,
      maxSessions: e.VOICE_MAX_SESSIONS,
      idleTimeoutMs: e.VOICE_IDLE_TIMEOUT_SECONDS * 1000,
      maxDurationMs: e.VOICE_MAX_DURATION_SECONDS * 1000,
      signedUrlTtlMs: e.VOICE_SIGNED_URL_TTL_SECONDS * 1000,
      accessCheckIntervalMs: Math.round(e.VOICE_ACCESS_CHECK_SECONDS * 1000),
      elevenLabsApiKey: e.ELEVENLABS_API_KEY ?? null,
      elevenLabsApiUrl: e.ELEVENLABS_API_URL.replace(/\/+$/, ''),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Makes the parsed configuration available as `app.config`. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
