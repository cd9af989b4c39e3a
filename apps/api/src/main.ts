import { buildApp } from './app';
import { ConfigError, loadConfig } from './plugins/config';

// Only listens: everything else is in app.ts. Runs bundled (dist/apps/api/main.mjs, imported
// in-process by tools/start.mjs) or under tsx in development.
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() stops accepting connections, lets requests in flight finish and closes the
    // database (PGlite flushes to disk), then the process exits cleanly.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
