import { buildApp } from './app';
import { type Config, ConfigError } from './config';
import { loadConfigFromEnvironment } from './config-from-environment';

let config: Config;
try {
  config = loadConfigFromEnvironment();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // An operator's mistake, not a crash: the list of problems, no stack trace.
  console.error(error.message);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  // Typically the database: unreachable server, wrong credentials, a DATA_DIR we cannot write.
  console.error(`Could not start Funil: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/**
 * How long new requests are answered 503 before the listener closes: enough for the event loop to
 * accept and read what is already waiting on the listen socket (docs in plugins/graceful-close.ts).
 */
const REFUSAL_WINDOW_MS = 300;

const closeApp = () => {
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    },
  );
};
let isClosing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // New requests are refused (503) for a moment, then fastify's close stops accepting connections,
  // waits for in-flight requests, then runs the onClose hooks (the database closes last).
  const forceExit = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  forceExit.unref();
  app.refuseNewRequests();
  // setImmediate: after the timer, one more poll phase accepts and reads what is still waiting,
  // even when the event loop was busy (PGlite runs on it) for longer than the window.
  setTimeout(() => setImmediate(closeApp), REFUSAL_WINDOW_MS);
};

process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

try {
  const { kind } = app.dbHandle;
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Funil is running at ${address} (database: ${kind})`,
  });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await app.close();
  process.exit(1);
}
