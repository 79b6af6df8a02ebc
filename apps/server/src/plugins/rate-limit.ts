import rateLimit from '@fastify/rate-limit';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error';

export interface RateLimitSettings {
  max: number;
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP limit for the sign-in and refresh endpoints; routes pass it as `config.rateLimit`. */
    authRateLimit: RateLimitSettings;
    /** The shared counter store (Redis) when REDIS_URL is set, for counters beyond rate limits. */
    sharedCounters: { redis: Redis | undefined; namespace: string };
  }
}

export interface RateLimitPluginOptions {
  redisUrl?: string;
  /** Key prefix in Redis, so several portals can share one Redis. */
  namespace?: string;
  auth: RateLimitSettings;
}

/**
 * Rate limiting for the routes that ask for it (not global). With REDIS_URL the counters are
 * shared by every replica; a Redis outage lets requests through rather than locking everyone out.
 */
export default fp<RateLimitPluginOptions>(
  async (app, opts) => {
    // Loaded only when configured: a single server without Redis does not pay for the client.
    // The default export: ioredis is CommonJS, and in the bundled server only `default` is its
    // module.exports (named exports of a lazily imported CommonJS chunk are not filled in).
    const redis = opts.redisUrl
      ? new (await import('ioredis')).default(opts.redisUrl, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => redis.disconnect());
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: opts.namespace ?? 'portal-rl:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
    });
    app.decorate('authRateLimit', opts.auth);
    app.decorate('sharedCounters', { redis, namespace: opts.namespace ?? 'portal-rl:' });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
