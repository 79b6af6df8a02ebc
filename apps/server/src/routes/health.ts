import { portalEndpoints } from '@portal/contract/endpoints/portal';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serve } from '../lib/serve-endpoint';

/** A check that has not answered by then counts as failed: a probe must answer within its own timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'failed';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A probe's answer is about this moment: never cached by a proxy or the browser. */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Probes for load balancers and service managers, outside /api: no sign-in, no rate limit.
 * `/livez`: the process answers (restart it when it does not); nothing else is looked at, so a
 * database outage never gets healthy servers restarted. `/readyz`: the process can serve now,
 * its database answers `select 1` and its Redis (when REDIS_URL is set) a PING; otherwise 503,
 * naming the failed check, so the load balancer sends requests elsewhere.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  serve(app, portalEndpoints.livez, async ({ reply }) => {
    noStore(reply);
    return { status: 'ok' };
  });

  serve(app, portalEndpoints.readyz, async ({ request, reply }) => {
    const checks: Record<string, Promise<unknown>> = { database: app.db.execute(sql`select 1`) };
    const redis = app.sharedCounters.redis;
    if (redis) checks.redis = redis.ping();
    const names = Object.keys(checks);
    const settled = await Promise.allSettled(names.map((name) => within(checks[name]!, READINESS_CHECK_TIMEOUT_MS)));
    const results: Record<string, CheckResult> = {};
    settled.forEach((outcome, i) => {
      results[names[i]!] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
      if (outcome.status === 'rejected') request.log.warn({ err: outcome.reason, check: names[i] }, 'not ready');
    });
    const ready = settled.every((outcome) => outcome.status === 'fulfilled');
    noStore(reply).code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks: results };
  });
};

export default healthRoutes;
