import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { earlyRequestServer } from './lib/early-requests';
import { recordRoutes } from './lib/route-recorder';
import sensible from '@fastify/sensible';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { PortalConfig } from './config/schema';
import { repoRoot, webDistDir } from './config/paths';
import type { DbHandle, DbTarget } from './db/client';
import builtinOidc from './oidc/plugin';
import auth from './plugins/auth';
import { serverModules } from './modules';
import compression from './plugins/compression';
import db from './plugins/db';
import { schemaCompilersOnFirstUse } from './lib/lazy-schema-compilers';
import { frameworkErrors, installErrorHandler } from './plugins/error-handler';
import rateLimit, { type RateLimitSettings } from './plugins/rate-limit';
import refuseNul from './plugins/refuse-nul';
import { echoRequestId, requestIdOf } from './plugins/request-id';
import securityHeaders from './plugins/security-headers';
import { workplaceFrameOrigins } from './services/auth/providers/config';
import services from './plugins/services';
import { directUploadOrigins } from './services/storage/config';
import { imageHostSources } from './services/image-proxy/config';
import spa from './plugins/spa';
import routes from './routes';
import appConfigRoute from './routes/app-config';
import healthRoutes from './routes/health';

export interface AppOptions {
  config: PortalConfig;
  database: DbTarget;
  /** The database already being opened for `database` (the server's start overlaps it with loading). */
  openingDatabase?: Promise<DbHandle>;
  /** DATA_DIR; defaults to the embedded database's folder, else `<repo>/data`. */
  dataDir?: string;
  /** Origin the browser uses; redirect_uri and the built-in issuer derive from it. */
  publicUrl: string;
  jwtSecret?: string;
  redisUrl?: string;
  rateLimitNamespace?: string;
  logger?: FastifyServerOptions['logger'];
  /** Overrides the config's access-token lifetime (tests use a short one). */
  accessTokenTtlSeconds?: number;
  authRateLimit?: RateLimitSettings;
  webDistDir?: string;
  /** Extra route plugins registered with the API routes (tests, embedding). */
  extraRoutes?: FastifyPluginAsync[];
  trustProxy?: boolean;
  /** The only job names this process runs (a service apart from the portal); every job when absent. */
  takesJobs?: readonly string[];
}

/** The URL the first module's host rewrite gives a request; its own URL when none claims it. */
function firstRewrite(rewrites: ReadonlyArray<(req: IncomingMessage) => string | undefined>, req: IncomingMessage) {
  for (const rewrite of rewrites) {
    const url = rewrite(req);
    if (url !== undefined) return url;
  }
  return req.url ?? '/';
}

/**
 * How every server of the project starts: the framework's settings, the shared plugins, the
 * database and the services. The portal (`buildApp`) and the search service on an address of its
 * own (`search-app.ts`) each add their routes to it.
 */
export async function buildBase(opts: AppOptions): Promise<FastifyInstance> {
  const rewrites = serverModules.flatMap((m) => m.hostRewrite?.(opts.config, opts.publicUrl) ?? []);
  const { serverFactory, early } = earlyRequestServer();
  const app = Fastify({
    serverFactory,
    logger: opts.logger ?? false,
    genReqId: requestIdOf,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1_048_576,
    frameworkErrors,
    // Opening and migrating an embedded database on a busy machine can take a while.
    pluginTimeout: 120_000,
    schemaController: { compilersFactory: schemaCompilersOnFirstUse },
    ...(rewrites.length > 0 && { rewriteUrl: (req: IncomingMessage) => firstRewrite(rewrites, req) }),
  });
  app.decorate('earlyRequests', early);
  installErrorHandler(app);
  echoRequestId(app);
  recordRoutes(app);

  await app.register(sensible);
  await app.register(securityHeaders, {
    connectSrc: [
      ...directUploadOrigins(opts.config.storage),
      ...serverModules.flatMap((m) => m.connectSources?.(opts.config) ?? []),
    ],
    frameOrigins: [
      ...workplaceFrameOrigins(opts.config.sso.providers),
      ...serverModules.flatMap((m) => m.frameSources?.(opts.config) ?? []),
    ],
    imageHosts: imageHostSources(opts.config.image_proxy),
  });
  await app.register(refuseNul);
  await app.register(compression);
  await app.register(rateLimit, {
    redisUrl: opts.redisUrl,
    namespace: opts.rateLimitNamespace,
    auth: opts.authRateLimit ?? { max: 20, timeWindow: 60_000 },
  });

  await app.register(db, { target: opts.database, opening: opts.openingDatabase });
  await app.register(services, {
    config: opts.config,
    publicUrl: opts.publicUrl.replace(/\/+$/, ''),
    jwtSecret: opts.jwtSecret,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    takesJobs: opts.takesJobs,
    dataDir:
      opts.dataDir ?? (opts.database.kind === 'pglite' ? opts.database.dataDir : undefined) ?? join(repoRoot, 'data'),
  });
  return app;
}

/** Builds the portal: the base, then authentication, the API routes and every module, then the web app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = await buildBase(opts);
  await app.register(auth);

  await app.register(appConfigRoute);
  await app.register(healthRoutes);
  if (app.services.builtinIdp) await app.register(builtinOidc);
  await app.register(routes);
  for (const module of serverModules) await app.register(module.plugin);
  for (const extra of opts.extraRoutes ?? []) await app.register(extra);
  await app.register(spa, { distDir: opts.webDistDir ?? webDistDir });

  return app;
}
