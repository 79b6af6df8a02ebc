import { ErrorCode, ErrorMessage } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';
import { requireUser } from '../../plugins/auth';

const MINUTE_MS = 60_000;

/**
 * The limits of a route that issues one-time codes: each code is an audit row, which nothing
 * may delete before its retention ends, so a signed-in user (and an address, whoever signs in
 * from it) may only ask for so many a minute. Both limits count every request, in Redis when it
 * is configured; the route's path is part of the key, so each route has its own budget.
 */
export function oneTimeCodeRateLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  const settings = app.portalConfig.codes;
  // Two limits on one route: the plugin's `config.rateLimit` runs one per request. Limiters made
  // this way have no route of their own, so in Redis their keys read `<namespace>undefinedundefined-code:…`.
  const limits = [
    app.createRateLimit({
      max: settings.rate_limit_per_minute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request: FastifyRequest) => `code:${request.routeOptions.url}:user:${requireUser(request).id}`,
    }),
    app.createRateLimit({
      max: settings.address_rate_limit_per_minute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request: FastifyRequest) => `code:${request.routeOptions.url}:ip:${request.ip}`,
    }),
  ];
  return async (request) => {
    for (const limit of limits) {
      const verdict = await limit(request);
      if (!verdict.isAllowed && verdict.isExceeded) {
        throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, {
          'retry-after': String(Math.max(1, verdict.ttlInSeconds)),
        });
      }
    }
  };
}
