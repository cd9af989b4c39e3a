import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { advisorPlugin } from './plugins/advisor';
import { bootstrapPlugin } from './plugins/bootstrap';
import { type AppConfig, configPlugin, DEFAULT_SERVER_TIMEOUTS } from './plugins/config';
import {
  closePasswordHashing,
  defaultPasswordHashingLimits,
  setPasswordHashingLimits,
} from './lib/passwords';
import { dbPlugin } from './plugins/db';
import {
  errorHandlerPlugin,
  frameworkErrorHandler,
  validatorCompiler,
} from './plugins/error-handler';
import { requestIdGenerator, trustProxyOption } from './lib/request-id';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { outboxPlugin } from './plugins/outbox';
// Admin preview mode and the owner's home.
import { previewModePlugin } from './plugins/preview-mode';
import { clientErrorHandler, securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { speechPlugin } from './plugins/speech';
import { storagePlugin } from './plugins/storage';
import { textExtractionPlugin } from './plugins/text-extraction';
import { voicePlugin } from './plugins/voice';
import { webAppPlugin } from './plugins/web-app';
import { agentsDomain } from './agents';
import { analyticsDomain } from './analytics';
import { authDomain } from './auth';
import { contentDomain } from './content';
import { conversationsDomain } from './conversations';
import { dashboardDomain } from './dashboard';
import { operationsDomain } from './operations';
import { peopleDomain } from './people';
import { roomsDomain } from './rooms';

export interface BuildOptions {
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

/**
 * The whole API as a Fastify instance, not yet listening: plugins first, then one register per
 * domain (explicit, because autoload cannot see into the bundle). The database is open
 * and migrated, and first-start data exists, when this resolves.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...config.serverTimeouts };
  // Process-wide, like the thread pool it protects (lib/passwords.ts).
  setPasswordHashingLimits(config.passwordHashing ?? defaultPasswordHashingLimits());
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream && { stream: options.logStream }),
    },
    // A trusted proxy's x-request-id, else a fresh UUID; on every log line as reqId.
    genReqId: requestIdGenerator(config.trustProxy),
    // An address list compiled by proxy-addr, as for genReqId; true or a hop count as is.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // Start-up plugins migrate the database and warm caches; on a loaded machine that passed
    // Fastify's 10 s default and the server exited instead of starting a little later.
    pluginTimeout: 60_000,
    // Slow clients (slowloris): a request must arrive whole within requestMs, its headers
    // within headersMs, and a connection silent for idleMs is closed (docs/operating.md).
    requestTimeout: timeouts.requestMs,
    clientErrorHandler,
    // Requests Fastify cannot route (a path that does not decode): our body, not Fastify's.
    frameworkErrors: frameworkErrorHandler,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node checks both limits on this interval (30 s by default, far coarser than them).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, timeouts.headersMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  // The hashing threads end with the app (lib/password-workers.ts).
  app.addHook('onClose', () => closePasswordHashing());
  // close() ends the keep-alive connections that are idle when it starts, then waits for the
  // others to end. One still answering a request goes idle once answered and stays open until
  // its keep-alive timeout (72 s) or until the client hangs up, and close() (the database's
  // close with it) waits that long: past a container's stop timeout the process is killed
  // before PGlite is flushed. So while closing, every finished answer ends the idle
  // connections, its own among them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  try {
    await app.register(configPlugin, { config });
    await app.register(errorHandlerPlugin);
    await app.register(metricsPlugin);
    await app.register(securityPlugin);
    await app.register(dbPlugin);
    await app.register(outboxPlugin);
    await app.register(storagePlugin);
    await app.register(textExtractionPlugin);
    await app.register(sessionPlugin);
    await app.register(previewModePlugin);
    await app.register(bootstrapPlugin);
    await app.register(speechPlugin);
    await app.register(advisorPlugin);
    await app.register(voicePlugin);
    await app.register(openApiPlugin);

    // One plugin per domain; each registers its routes under the spec's URL prefixes.
    await app.register(operationsDomain);
    await app.register(authDomain);
    await app.register(peopleDomain);
    await app.register(roomsDomain);
    await app.register(agentsDomain);
    await app.register(conversationsDomain);
    await app.register(contentDomain);
    await app.register(dashboardDomain);
    await app.register(analyticsDomain);

    await app.register(webAppPlugin);
  } catch (err) {
    // Close what did open (the database) before reporting the failure.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/** The built application, typed with the zod type provider. */
export type App = Awaited<ReturnType<typeof buildApp>>;
