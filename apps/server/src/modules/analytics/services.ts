import type { PortalConfig } from '../../config/schema';
import type { Db } from '../../db/client';
import { AnalyticsIngestService } from './ingest-service';
import { AnalyticsQueryService } from './query-service';
import { AnalyticsRollupService } from './rollup-service';

export { AnalyticsIngestService } from './ingest-service';
export { AnalyticsQueryService } from './query-service';
export { AnalyticsRollupService } from './rollup-service';
export { AnalyticsRollupJob } from './rollup-job';
export { IngestGate } from './ingest-gate';

export type AnalyticsServices = ReturnType<typeof createAnalyticsServices>;

export function createAnalyticsServices(db: Db, config: PortalConfig['analytics']) {
  return {
    ingest: new AnalyticsIngestService(db, { timezone: config.timezone, extraAppKeys: config.app_keys }),
    rollup: new AnalyticsRollupService(db, { timezone: config.timezone, retentionDays: config.retention_days }),
    query: new AnalyticsQueryService(db),
  };
}
