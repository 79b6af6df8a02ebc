import { ErrorCode, workplaceErrorMessage, type WorkplaceProvider } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import { ProviderError, type WorkplaceRegistry } from '../auth/providers';
import type { DepartmentService, SyncResult } from './department-service';

/**
 * Pulls each provider's department tree and members into the database. Runs as the durable job
 * of directory-sync-job.ts: scheduled per provider, and queued by the console's "sync now".
 */
export class DirectorySyncService {
  constructor(
    private readonly registry: WorkplaceRegistry,
    private readonly departments: DepartmentService,
  ) {}

  async sync(provider: WorkplaceProvider): Promise<SyncResult> {
    const adapter = this.registry.get(provider);
    if (!adapter) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
    try {
      return await this.departments.applySnapshot(provider, await adapter.directory());
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const message =
        err.kind === 'denied'
          ? workplaceErrorMessage.denied(adapter.label)
          : err.kind === 'misconfigured'
            ? workplaceErrorMessage.misconfigured(adapter.label)
            : workplaceErrorMessage.unavailable(adapter.label);
      throw new AppError(ErrorCode.upstream, message);
    }
  }

  async syncAll(): Promise<SyncResult[]> {
    const results: SyncResult[] = [];
    for (const adapter of this.registry.list()) results.push(await this.sync(adapter.name));
    return results;
  }
}
