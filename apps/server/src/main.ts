// First: see the file for why the order matters.
import './builtins-first';
import { ConfigError } from './config/config-error';
import { DataDirLockedError } from './db/data-dir-lock';
import { embeddedDatabaseExists, startEmbeddedThread } from './db/embedded-thread';
import { readEnv } from './env';

async function main(): Promise<void> {
  const env = readEnv();
  // On a restart the embedded database's thread starts before anything else loads here (this file
  // imports little for that reason): the engine starts on that thread while this one loads the
  // server. A first start creates the database, which takes seconds: the config is checked first.
  const { database } = env;
  const embedded =
    database.kind === 'pglite' && database.dataDir && embeddedDatabaseExists(database.dataDir)
      ? startEmbeddedThread(database.dataDir)
      : undefined;
  const [{ loadConfig }, { checkExposure }, { openDatabase }] = await Promise.all([
    import('./config/load'),
    import('./config/exposure'),
    import('./db/client'),
  ]);
  const config = loadConfig(env.configPath);
  // Refused before anything opens: example passwords or secrets guarding a networked portal.
  const host = checkExposure(config, { host: env.host, publicUrl: env.publicUrl });
  // The database opens while the rest of the server loads.
  const openingDatabase = openDatabase(database, embedded);
  openingDatabase.catch(() => undefined); // awaited (and reported) by buildApp
  const [{ buildApp }, { loggerOptions }] = await Promise.all([import('./app'), import('./lib/log-redaction')]);
  const app = await buildApp({
    config,
    database,
    openingDatabase,
    dataDir: env.dataDir,
    publicUrl: env.publicUrl,
    jwtSecret: env.jwtSecret,
    redisUrl: env.redisUrl,
    trustProxy: env.trustProxy,
    authRateLimit: env.authRateLimitPerMinute ? { max: env.authRateLimitPerMinute, timeWindow: 60_000 } : undefined,
    logger: loggerOptions(env.logLevel),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.port, host });
  app.log.info(
    { config: env.configPath, database: env.database.kind, host, publicUrl: env.publicUrl },
    'portal server ready',
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
