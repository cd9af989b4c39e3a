// Over 300 lines: one case per group of settings, so that every variable the server reads is
// read here once, with its default, its unit and its refusal.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SERVER_TIMEOUTS, DEFAULT_VOICE_CONFIG, loadConfig } from './config';
import { defaultTextExtractionLimits } from '../lib/extraction-workers';
import { defaultPasswordHashingLimits } from '../lib/passwords';

const cwd = '/srv/fieldcraft';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      databaseSchema: null,
      pgliteDir: path.join(cwd, '.data', 'pglite'),
      uploadsDir: path.join(cwd, '.data', 'uploads'),
      storage: { kind: 'local' },
      ownerEmail: 'owner@fieldcraft.local',
      ownerPassword: null,
      seedDemo: false,
      demoMedia: true,
      webDistDir: path.join(cwd, 'dist', 'apps', 'web'),
      webSsrDir: path.join(cwd, 'dist', 'apps', 'web-ssr'),
      logLevel: 'info',
      metricsToken: null,
      cookieSecure: 'auto',
      trustProxy: false,
      sessionTtlHours: 168,
      trustedOrigins: [],
      loginRateLimit: {
        maxFailuresPerAccount: 5,
        maxFailuresPerDevice: 5,
        maxFailuresPerAddressAndAccount: 10,
        maxFailuresPerAddress: 100,
        windowMinutes: 15,
        deviceSecret: null,
      },
      publicUrl: null,
      mail: null,
      uploadTempMaxAgeMinutes: 60,
      serverTimeouts: DEFAULT_SERVER_TIMEOUTS,
      passwordHashing: defaultPasswordHashingLimits(),
      textExtraction: defaultTextExtractionLimits(),
      voice: DEFAULT_VOICE_CONFIG,
    });
  });

  it('reads the text extraction limits (seconds in the environment, milliseconds in the config)', () => {
    const config = loadConfig(
      {
        TEXT_EXTRACTION_CONCURRENCY: '1',
        TEXT_EXTRACTION_QUEUE: '0',
        TEXT_EXTRACTION_TIMEOUT_SECONDS: '5',
        TEXT_EXTRACTION_MAX_HEAP_MB: '128',
        TEXT_EXTRACTION_MAX_CHARS: '1000',
      },
      cwd,
    );
    expect(config.textExtraction).toEqual({
      concurrency: 1,
      queue: 0,
      timeoutMs: 5000,
      maxHeapMb: 128,
      maxChars: 1000,
    });
    expect(defaultTextExtractionLimits()).toMatchObject({
      timeoutMs: 30_000,
      maxHeapMb: 256,
      maxChars: 2_000_000,
    });
    expect(() => loadConfig({ TEXT_EXTRACTION_MAX_HEAP_MB: '16' }, cwd)).toThrow(
      /TEXT_EXTRACTION_MAX_HEAP_MB: must be at least 32/,
    );
    expect(() => loadConfig({ TEXT_EXTRACTION_TIMEOUT_SECONDS: '0' }, cwd)).toThrow(
      /TEXT_EXTRACTION_TIMEOUT_SECONDS: must be a positive integer/,
    );
  });

  it('reads the slow-client timeouts and the password hashing limits', () => {
    const config = loadConfig(
      {
        HEADERS_TIMEOUT_SECONDS: '5',
        REQUEST_TIMEOUT_SECONDS: '120',
        CONNECTION_IDLE_TIMEOUT_SECONDS: '15',
        PASSWORD_HASH_CONCURRENCY: '2',
        PASSWORD_HASH_QUEUE: '0',
      },
      cwd,
    );
    expect(config.serverTimeouts).toEqual({ headersMs: 5000, requestMs: 120_000, idleMs: 15_000 });
    expect(config.passwordHashing).toEqual({ concurrency: 2, queue: 0 });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }, cwd).passwordHashing).toEqual({
      concurrency: 3,
      queue: 96,
    });
    expect(() =>
      loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '10' }, cwd),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' }, cwd)).toThrow(
      /PASSWORD_HASH_CONCURRENCY: must be a positive integer/,
    );
  });

  it('reads the voice limits (seconds in the environment, milliseconds in the config)', () => {
    const config = loadConfig(
      {
        VOICE_MAX_FRAME_BYTES: '1000',
        VOICE_AUDIO_RATE_MARGIN: '2',
        VOICE_MAX_MESSAGES_PER_SECOND: '10',
        VOICE_MAX_SESSIONS_PER_USER: '1',
        VOICE_MAX_SESSIONS: '5',
        VOICE_IDLE_TIMEOUT_SECONDS: '30',
        VOICE_MAX_DURATION_SECONDS: '600',
        VOICE_SIGNED_URL_TTL_SECONDS: '20',
        VOICE_ACCESS_CHECK_SECONDS: '0.5',
        ELEVENLABS_API_KEY: 'xi-test',
        ELEVENLABS_API_URL: 'http://127.0.0.1:9999/',
      },
      cwd,
    );
    expect(config.voice).toEqual({
      ...DEFAULT_VOICE_CONFIG,
      maxFrameBytes: 1000,
      audioRateMargin: 2,
      maxMessagesPerSecond: 10,
      maxSessionsPerUser: 1,
      maxSessions: 5,
      idleTimeoutMs: 30_000,
      maxDurationMs: 600_000,
      signedUrlTtlMs: 20_000,
      accessCheckIntervalMs: 500,
      elevenLabsApiKey: 'xi-test',
      elevenLabsApiUrl: 'http://127.0.0.1:9999',
    });
    expect(() => loadConfig({ VOICE_MAX_SESSIONS: '0' }, cwd)).toThrow(/VOICE_MAX_SESSIONS/);
    expect(() => loadConfig({ VOICE_ACCESS_CHECK_SECONDS: '0' }, cwd)).toThrow(
      /VOICE_ACCESS_CHECK_SECONDS/,
    );
  });

  it('reads every variable, resolving paths from the working directory', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://app@db:5432/fieldcraft',
        DATABASE_SCHEMA: 'fieldcraft',
        DATA_DIR: '/var/lib/fieldcraft',
        OWNER_EMAIL: 'Boss@Example.COM',
        OWNER_PASSWORD: 'long-enough-1',
        SEED_DEMO: '1',
        WEB_DIST_DIR: 'web',
        LOG_LEVEL: 'warn',
        COOKIE_SECURE: 'true',
        TRUST_PROXY: '1',
        SESSION_TTL_HOURS: '12',
        TRUSTED_ORIGINS: 'http://localhost:4200/, https://app.example.com',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
        LOGIN_MAX_FAILURES_PER_DEVICE: '4',
        LOGIN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT: '6',
        LOGIN_FAILURE_WINDOW_MINUTES: '5',
        LOGIN_DEVICE_SECRET: 'd'.repeat(32),
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/fieldcraft',
      databaseSchema: 'fieldcraft',
      pgliteDir: '/var/lib/fieldcraft/pglite',
      ownerEmail: 'boss@example.com',
      ownerPassword: 'long-enough-1',
      seedDemo: true,
      webDistDir: path.join(cwd, 'web'),
      // The first-view renderer sits beside the web app unless WEB_SSR_DIR says where.
      webSsrDir: path.join(cwd, 'web-ssr'),
      logLevel: 'warn',
      cookieSecure: true,
      trustProxy: 1,
      sessionTtlHours: 12,
      trustedOrigins: ['http://localhost:4200', 'https://app.example.com'],
      loginRateLimit: {
        maxFailuresPerAccount: 3,
        maxFailuresPerDevice: 4,
        maxFailuresPerAddressAndAccount: 6,
        maxFailuresPerAddress: 10,
        windowMinutes: 5,
        deviceSecret: 'd'.repeat(32),
      },
      uploadTempMaxAgeMinutes: 60,
    });
  });

  it('chooses S3 storage with STORAGE=s3 and refuses an incomplete S3 configuration', () => {
    expect(
      loadConfig(
        {
          STORAGE: 's3',
          S3_ENDPOINT: 'http://minio:9000',
          S3_BUCKET: 'fieldcraft',
          S3_ACCESS_KEY_ID: 'fieldcraft',
          S3_SECRET_ACCESS_KEY: 'fieldcraft-secret',
          S3_FORCE_PATH_STYLE: 'true',
          METRICS_TOKEN: 'a-long-metrics-token',
        },
        cwd,
      ),
    ).toMatchObject({
      storage: {
        kind: 's3',
        endpoint: 'http://minio:9000',
        bucket: 'fieldcraft',
        region: 'us-east-1',
        credentials: { accessKeyId: 'fieldcraft', secretAccessKey: 'fieldcraft-secret' },
        forcePathStyle: true,
      },
      metricsToken: 'a-long-metrics-token',
    });
    // No keys: the SDK's own credential chain (instance role, profile).
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' }, cwd).storage).toEqual({
      kind: 's3',
      bucket: 'b',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ STORAGE: 's3' }, cwd)).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, cwd)).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ STORAGE: 'ftp' }, cwd)).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio' }, cwd)).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, cwd)).toThrow(/METRICS_TOKEN/);
  });

  it('reads the mail settings and refuses SMTP without the public address', () => {
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtps://mailer:s3cret@mail.example.com:465',
          PUBLIC_URL: 'https://fc.example/',
        },
        cwd,
      ),
    ).toMatchObject({
      publicUrl: 'https://fc.example',
      mail: {
        smtpUrl: 'smtps://mailer:s3cret@mail.example.com:465',
        from: 'Fieldcraft <no-reply@localhost>',
      },
    });
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtp://mail.example.com:587',
          PUBLIC_URL: 'http://localhost:3000',
          MAIL_FROM: 'Site Office <office@example.com>',
        },
        cwd,
      ).mail,
    ).toEqual({ smtpUrl: 'smtp://mail.example.com:587', from: 'Site Office <office@example.com>' });
    // The public address alone sends nothing.
    expect(loadConfig({ PUBLIC_URL: 'https://fc.example' }, cwd).mail).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' }, cwd)).toThrow(
      /PUBLIC_URL: required when SMTP_URL is set/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'http://mail.example.com', PUBLIC_URL: 'https://fc.example' }, cwd),
    ).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://fc.example/app' }, cwd)).toThrow(
      /PUBLIC_URL: must be scheme:\/\/host\[:port\] without a path/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'fc.example' }, cwd)).toThrow(/PUBLIC_URL/);
  });

  it('treats empty strings as unset, except WEB_DIST_DIR where empty means "no web app"', () => {
    const config = loadConfig(
      { DATABASE_URL: '', OWNER_PASSWORD: '', PORT: '', WEB_DIST_DIR: '' },
      cwd,
    );
    expect(config).toMatchObject({
      databaseUrl: null,
      ownerPassword: null,
      port: 3000,
      webDistDir: null,
    });
    expect(loadConfig({ WEB_SSR_DIR: '' }, cwd).webSsrDir).toBeNull();
    expect(loadConfig({ WEB_SSR_DIR: 'render' }, cwd).webSsrDir).toBe(path.join(cwd, 'render'));
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }, cwd).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, cwd).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });

  it('refuses a bad environment with a message naming each variable', () => {
    const bad = {
      PORT: 'eighty',
      OWNER_PASSWORD: 'short',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
    };
    expect(() => loadConfig(bad, cwd)).toThrow(ConfigError);
    try {
      loadConfig(bad, cwd);
    } catch (err) {
      const text = (err as Error).message;
      for (const name of ['PORT', 'OWNER_PASSWORD', 'DATABASE_URL', 'LOG_LEVEL'])
        expect(text).toContain(name);
    }
  });
});
