import { type AnalyticsEvent, ErrorCode, ErrorMessage } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { rows } from '../../lib/sql-rows';

export interface IngestSettings {
  timezone: string;
  /** Keys accepted besides the catalogue's. */
  extraAppKeys: readonly string[];
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

/** The catalogue's keys are read at most this often; a new app may wait this long for its first events. */
const APP_KEYS_TTL_MS = 30_000;
/** Client clocks may run ahead a little; beyond this the receive time replaces the event's ts. */
const MAX_CLOCK_AHEAD_MS = 86_400_000;

/** PostgreSQL text and jsonb cannot hold U+0000, which a page's error message may contain. */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), withoutNul(v)]));
  }
  return value;
}

function toJsonb(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('\\u0000') ? JSON.stringify(withoutNul(value)) : json;
}

/**
 * Stores one validated batch with a single statement: the rows, duplicate event ids skipped, and
 * the calendar days they touched marked for the rollup job.
 */
export class AnalyticsIngestService {
  private appKeys: { keys: Set<string>; at: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: IngestSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Rejects the whole batch when an event names an app the portal does not know. */
  async assertKnownAppKeys(events: readonly AnalyticsEvent[]): Promise<void> {
    const known = await this.knownAppKeys();
    if (events.some((e) => !known.has(e.app_key))) {
      throw new AppError(ErrorCode.validation, ErrorMessage.unknownApiKey);
    }
  }

  /**
   * `authUserId` comes from a valid access token sent with the batch; it is stored beside the
   * event's own `user_id`, which the page alone vouches for.
   */
  async ingest(events: readonly AnalyticsEvent[], authUserId: number | null): Promise<IngestResult> {
    const latest = this.now() + MAX_CLOCK_AHEAD_MS;
    const received = this.now();
    const input = events.map((e) => {
      const { event_id, type, ts, app_key, anonymous_id, user_id, cycle_id, page_url, detail, ...context } = e;
      return {
        event_id,
        type,
        ts: ts > latest ? received : ts,
        app_key,
        anonymous_id,
        user_id,
        cycle_id,
        page_url,
        detail,
        context,
      };
    });
    // Sorting by event id keeps lock order stable when two in-flight batches share ids (retries).
    const [result] = await rows<{ inserted: number }>(
      this.db,
      sql`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${toJsonb(input)}::jsonb) AS r(
            event_id uuid, type smallint, ts bigint, app_key text, anonymous_id text, user_id text,
            cycle_id text, page_url text, detail jsonb, context jsonb)
        ), ins AS (
          INSERT INTO analytics_events
            (event_id, type, ts, app_key, anonymous_id, user_id, auth_user_id, cycle_id, page_url, detail, context)
          SELECT event_id, type, to_timestamp(ts / 1000.0), app_key, anonymous_id, user_id, ${authUserId}::int,
                 cycle_id, page_url, detail, context
          FROM input ORDER BY event_id
          ON CONFLICT (event_id) DO NOTHING
          RETURNING ts
        ), pending AS (
          INSERT INTO analytics_pending_days (day)
          SELECT DISTINCT (ts AT TIME ZONE ${this.settings.timezone})::date FROM ins
          ON CONFLICT (day) DO NOTHING
        )
        SELECT count(*)::int AS inserted FROM ins`,
    );
    const accepted = result?.inserted ?? 0;
    return { accepted, duplicates: events.length - accepted };
  }

  private async knownAppKeys(): Promise<Set<string>> {
    const cached = this.appKeys;
    if (cached && this.now() - cached.at < APP_KEYS_TTL_MS) return cached.keys;
    const catalogue = await this.db.select({ appKey: apps.appKey }).from(apps);
    const keys = new Set([...this.settings.extraAppKeys, ...catalogue.map((a) => a.appKey)]);
    this.appKeys = { keys, at: this.now() };
    return keys;
  }
}
