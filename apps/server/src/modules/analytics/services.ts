import type { PortalConfig } from '../../config/schema';
import type { Db } from '../../db/client';
import { ClientRowLimit } from './client-row-limit';
import { DropCounter } from './drop-counter';
import { EventNameCap } from './event-name-cap';
import { IngestBudget, type WindowCounter } from './ingest-budget';
import { AnalyticsIngestService } from './ingest-service';
import { AnalyticsQueryService } from './query-service';
import { AnalyticsRollupService } from './rollup-service';

export { AnalyticsIngestService } from './ingest-service';
export { AnalyticsQueryService } from './query-service';
export { AnalyticsRollupService } from './rollup-service';
export { AnalyticsRollupJob } from './rollup-job';
export { IngestGate } from './ingest-gate';
export { ClientRowLimit } from './client-row-limit';
export { DropCounter } from './drop-counter';
export { EventNameCap } from './event-name-cap';
export { IngestBudget, MemoryCounter, RedisCounter, type WindowCounter } from './ingest-budget';

export type AnalyticsServices = ReturnType<typeof createAnalyticsServices>;

export function createAnalyticsServices(db: Db, config: PortalConfig['analytics'], counter: WindowCounter) {
  return {
    budget: new IngestBudget(counter, {
      rowsPerMinute: config.ingest_rows_per_minute,
      rowsPerDay: config.ingest_rows_per_day,
      anonymousShare: config.anonymous_budget_share,
    }),
    clientRows: new ClientRowLimit(counter, {
      userRowsPerMinute: config.user_rows_per_minute,
      addressRowsPerMinute: config.address_rows_per_minute,
    }),
    names: new EventNameCap(db, { timezone: config.timezone, maxNamesPerAppDay: config.max_event_names_per_app_day }),
    dropped: new DropCounter(db, config.timezone),
    ingest: new AnalyticsIngestService(db, { timezone: config.timezone, extraAppKeys: config.app_keys }),
    rollup: new AnalyticsRollupService(db, { timezone: config.timezone, retentionDays: config.retention_days }),
    query: new AnalyticsQueryService(db),
  };
}
