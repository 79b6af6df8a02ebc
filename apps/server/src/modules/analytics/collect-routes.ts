import {
  analyticsBatchSchema,
  ANALYTICS_COLLECT_PATH,
  ErrorCode,
  ErrorMessage,
  type AnalyticsCollectResult,
} from '@portal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import type { AnalyticsIngestService, IngestGate } from './services';

export interface CollectRouteOptions {
  ingest: AnalyticsIngestService;
  gate: IngestGate;
  ratePerMinute: number;
}

/** Well above a full batch of 100 events at the SDK's clipped sizes, well below the server-wide limit. */
export const COLLECT_BODY_LIMIT = 256 * 1024;

/** One office behind one NAT address still gets a budget per browser. */
function clientKey(request: FastifyRequest): string {
  const body = request.body as { events?: Array<{ anonymous_id?: unknown }> } | undefined;
  const anonymousId = Array.isArray(body?.events) ? body.events[0]?.anonymous_id : undefined;
  return typeof anonymousId === 'string' ? `${request.ip}|${anonymousId.slice(0, 64)}` : request.ip;
}

/**
 * `POST /api/analytics/collect`: public, so anonymous pages can report. A valid access token,
 * when one is sent, records the signed-in user beside whatever user_id the events claim; an
 * invalid or expired token is ignored rather than losing the events.
 */
const collectRoute: FastifyPluginAsync<CollectRouteOptions> = async (app, opts) => {
  const path = ANALYTICS_COLLECT_PATH.replace(/^\/api\/analytics/, '');

  async function authUserId(request: FastifyRequest): Promise<number | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    try {
      return (await app.services.signer.verify(match[1])).userId;
    } catch {
      return null;
    }
  }

  app.post(
    path,
    {
      bodyLimit: COLLECT_BODY_LIMIT,
      onRequest: async () => {
        if (!opts.gate.hasRoom()) {
          throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, { 'retry-after': '1' });
        }
      },
      config: {
        rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, hook: 'preHandler', keyGenerator: clientKey },
      },
    },
    async (request) => {
      const { events } = parse(analyticsBatchSchema, request.body);
      await opts.ingest.assertKnownAppKeys(events);
      const userId = await authUserId(request);
      const result: AnalyticsCollectResult = await opts.gate.run(() => opts.ingest.ingest(events, userId));
      return ok(result);
    },
  );
};

export default collectRoute;
