import { ErrorMessage, type WorkplaceProvider } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { AuditService } from '../audit/audit-service';
import type { WorkplaceRegistry } from '../auth/providers';
import type { JobQueue } from '../jobs';
import type { DirectorySyncConfig } from './config';
import type { DirectorySyncService } from './directory-sync-service';

export const DIRECTORY_SYNC_JOB = 'directory.sync';

export interface DirectorySyncJobData {
  provider: WorkplaceProvider;
  /** Who pressed "sync now"; absent for the scheduled run. */
  requestedBy?: string;
}

/** One key per provider: a scheduled run and "sync now" never run side by side, on any replica. */
export const directorySyncKey = (provider: WorkplaceProvider) => `${DIRECTORY_SYNC_JOB}:${provider}`;

/**
 * Registers the directory sync as a durable job and schedules it per configured provider. The
 * result (or the Chinese message of a failure) stays on the job row, where the console reads it.
 */
export function registerDirectorySyncJob(deps: {
  jobs: JobQueue;
  sync: DirectorySyncService;
  registry: WorkplaceRegistry;
  audit: AuditService;
  config: DirectorySyncConfig;
  log: Pick<FastifyBaseLogger, 'error'>;
}): void {
  const { jobs, sync, registry, audit, config, log } = deps;
  jobs.register<DirectorySyncJobData>(
    DIRECTORY_SYNC_JOB,
    async (job) => {
      await job.progress({ stage: 'running' });
      try {
        const result = await sync.sync(job.data.provider);
        await audit.record({
          action: 'directory.sync',
          target: job.data.provider,
          after: result,
          detail: job.data.requestedBy ? `手动同步（${job.data.requestedBy}）` : '定时同步',
        });
        return result;
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The row is shown to administrators: a clean message there, the details in the log.
        log.error({ err: error, provider: job.data.provider }, 'directory sync failed');
        throw new Error(ErrorMessage.internal);
      }
    },
    // The next period (or "sync now") tries again; a retry right after an outage rarely helps.
    { concurrency: 1, maxAttempts: 1 },
  );
  if (config.interval_hours <= 0) return;
  const everyMs = Math.round(config.interval_hours * 3_600_000);
  for (const adapter of registry.list()) {
    jobs.schedule({
      key: directorySyncKey(adapter.name),
      name: DIRECTORY_SYNC_JOB,
      data: { provider: adapter.name } satisfies DirectorySyncJobData,
      everyMs,
    });
  }
}
