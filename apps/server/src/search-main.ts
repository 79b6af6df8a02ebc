import { ConfigError } from './config/config-error';
import { readEnv } from './env';

/**
 * The search service as a process of its own (`npm run start:search -w apps/server`), on
 * SEARCH_PORT beside the portal: the same config file, database and secret (PORTAL_CONFIG,
 * DATABASE_URL, JWT_SECRET), and the portal's PUBLIC_URL, whose pages may call it. The portal's
 * `search.api_domain` tells the browser its address; `search.serve_in_portal: false` leaves its
 * work to this process alone.
 */
async function main(): Promise<void> {
  const env = readEnv();
  // The embedded database belongs to one process (its data folder is locked): a service beside
  // the portal shares PostgreSQL.
  if (env.database.kind !== 'postgres') {
    throw new ConfigError(
      'The search service runs as a process of its own only beside PostgreSQL: set DATABASE_URL to the portal’s database.',
    );
  }
  const [{ loadConfig }, { checkExposure }, { buildSearchApp }, { loggerOptions }] = await Promise.all([
    import('./config/load'),
    import('./config/exposure'),
    import('./search-app'),
    import('./lib/log-redaction'),
  ]);
  const config = loadConfig(env.configPath);
  const host = checkExposure(config, { host: env.host, publicUrl: env.publicUrl });
  const app = await buildSearchApp({
    config,
    database: env.database,
    dataDir: env.dataDir,
    publicUrl: env.publicUrl,
    jwtSecret: env.jwtSecret,
    redisUrl: env.redisUrl,
    trustProxy: env.trustProxy,
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
  await app.listen({ port: env.searchPort, host });
  app.log.info({ config: env.configPath, host, portal: env.publicUrl }, 'search service ready');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Search service failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
