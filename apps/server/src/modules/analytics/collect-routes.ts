import {
  analyticsEventTypes,
  ErrorCode,
  ErrorMessage,
  type AnalyticsCollectResult,
  type AnalyticsEvent,
} from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import { nulError } from '../../lib/validate';
import type {
  AnalyticsIngestService,
  ClientRowLimit,
  DropCounter,
  EventNameCap,
  IngestBudget,
  IngestGate,
} from './services';

export interface CollectRouteOptions {
  ingest: AnalyticsIngestService;
  gate: IngestGate;
  budget: IngestBudget;
  /** Rows per minute per client, beside the batches per minute below. */
  clientRows: ClientRowLimit;
  names: EventNameCap;
  dropped: DropCounter;
  /** Batches per minute per signed-in user. */
  ratePerMinute: number;
  /** Anonymous batches per minute per client address. */
  addressRatePerMinute: number;
}

/** Well above a full batch of 100 events at the SDK's clipped sizes, well below the server-wide limit. */
export const COLLECT_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user a collect batch came with (valid access token), else null. */
    analyticsUserId?: number | null;
  }
}

/** What a client cannot choose: its signed-in identity, else its address. */
function clientKey(request: FastifyRequest): string {
  return typeof request.analyticsUserId === 'number' ? `user:${request.analyticsUserId}` : `ip:${request.ip}`;
}

/**
 * Custom event names are looked up in the database by the name cap before anything is stripped,
 * and a name is what the dashboard groups by: one holding U+0000 is refused, not silently renamed.
 */
function assertNoNulInEventNames(events: readonly AnalyticsEvent[]): void {
  events.forEach((e, i) => {
    if (e.type !== analyticsEventTypes.custom) return;
    const error = nulError(e.detail.key, ['events', String(i), 'detail', 'key']);
    if (error) throw error;
  });
}

function eventCount(body: unknown): number {
  const events = (body as { events?: unknown } | undefined)?.events;
  return Array.isArray(events) ? events.length : 0;
}

/**
 * `POST /api/analytics/collect`: public, so anonymous pages can report. A valid access token,
 * when one is sent, records the signed-in user beside whatever user_id the events claim; an
 * invalid or expired token is ignored rather than losing the events.
 *
 * Defences against a flood, cheapest first: a bounded queue of statements (shed before the body
 * is read), a rate of batches and then of rows per identity or address, a global row budget per
 * minute and day (of which anonymous batches may use only their share), and a cap on new event
 * names per app and day. Every refusal is counted by reason for the dashboard.
 */
const collectRoute: FastifyPluginAsync<CollectRouteOptions> = async (app, opts) => {
  async function authUserId(request: FastifyRequest): Promise<number | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    try {
      return (await app.services.signer.verify(match[1])).userId;
    } catch {
      return null;
    }
  }

  serve(
    app,
    analyticsEndpoints.collect,
    async ({ body: { events }, request }) => {
      assertNoNulInEventNames(events);
      await opts.ingest.assertKnownAppKeys(events);
      const signedIn = typeof request.analyticsUserId === 'number';
      if (!(await opts.clientRows.admit(clientKey(request), signedIn, events.length))) {
        opts.dropped.add('rate_limit', events.length);
        throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, {
          'retry-after': String(opts.clientRows.retryAfterSeconds()),
        });
      }
      const verdict = await opts.budget.reserve(events.length, signedIn);
      if (verdict === 'budget_minute') {
        opts.dropped.add(verdict, events.length);
        // The SDK keeps the batch and sends it again later with the same event ids.
        throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, {
          'retry-after': String(opts.budget.retryAfterSeconds()),
        });
      }
      if (verdict === 'budget_day') {
        // Resending would not help until tomorrow: the batch is answered and dropped.
        opts.dropped.add(verdict, events.length);
        return { accepted: 0, duplicates: 0, dropped: events.length } satisfies AnalyticsCollectResult;
      }
      const { kept, refused } = await opts.names.filter(events);
      if (refused > 0) opts.dropped.add('name_cap', refused, 0);
      const stored =
        kept.length > 0
          ? await opts.gate.run(() => opts.ingest.ingest(kept, request.analyticsUserId ?? null))
          : { accepted: 0, duplicates: 0 };
      const result: AnalyticsCollectResult = refused > 0 ? { ...stored, dropped: refused } : stored;
      return result;
    },
    {
      bodyLimit: COLLECT_BODY_LIMIT,
      onRequest: async (request) => {
        if (!opts.gate.hasRoom()) {
          opts.dropped.add('overload', 0);
          throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited, 429, { 'retry-after': '1' });
        }
        request.analyticsUserId = await authUserId(request);
      },
      // NUL bytes pass the parsing: the ingest strips them, and the handler refuses an event name holding one.
      config: {
        allowNul: true,
        rateLimit: {
          max: (request) =>
            typeof request.analyticsUserId === 'number' ? opts.ratePerMinute : opts.addressRatePerMinute,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: clientKey,
          onExceeded: (request) => opts.dropped.add('rate_limit', eventCount(request.body)),
        },
      },
    },
  );
};

export default collectRoute;
