import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DocumentService } from '../../services/documents';
import type { FileService } from '../../services/files';
import type { JobQueue } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import type { QuotaService } from '../../services/quotas/quota-service';
import { UsageService } from '../../services/usage';
import { createWebBackend } from './backends/http-backends';
import { searchUsageDefaults, type SearchConfig } from './config';
import { DocParseService } from './doc-parse';
import { ExecutionService } from './execution-service';
import { ExecutionStore } from './execution-store';
import { SourceFinder } from './finder';
import { PageFetcher } from './page-fetcher';
import { ExecutionRunner, SEARCH_EXECUTION_JOB, type ExecutionJob } from './runner';
import { SearchTokenSigner } from './search-token';
import { SearchSessionStore } from './session-store';

/** What the search service needs of the portal: shared services only, never another module. */
export interface SearchServiceDeps {
  db: Db;
  jobs: JobQueue;
  /** The console's quota rules, which research runs count against. */
  quotas: QuotaService;
  documents: DocumentService;
  files: FileService;
  llm: LlmGateway;
  config: SearchConfig;
  /** Signs search tokens; shared by every replica (and a separate search process). */
  serverSecret: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  env?: Record<string, string | undefined>;
}

export type SearchServiceParts = ReturnType<typeof createSearchParts>;

/** Builds the service's parts and registers its execution job (before the queue starts). */
export function createSearchParts(deps: SearchServiceDeps) {
  const { db, config } = deps;
  const store = new ExecutionStore(db);
  const sessions = new SearchSessionStore(db);
  const fetcher = new PageFetcher(config.fetch, config.allowed_private_hosts);
  const backends = config.backends.map((b) => createWebBackend(b, deps.env ?? process.env));
  const finder = new SourceFinder(db, deps.documents, backends, config);
  const runner = new ExecutionRunner({ store, sessions, finder, fetcher, llm: deps.llm, config, log: deps.log });
  deps.jobs.register<ExecutionJob>(SEARCH_EXECUTION_JOB, (job) => runner.handle(job), {
    concurrency: 4,
    maxAttempts: 2,
  });
  return {
    store,
    sessions,
    fetcher,
    finder,
    runner,
    executions: new ExecutionService(
      db,
      store,
      sessions,
      deps.jobs,
      new UsageService(db, searchUsageDefaults(config), deps.quotas),
      config,
    ),
    parses: new DocParseService(db, deps.files, deps.documents, fetcher),
    tokens: new SearchTokenSigner(deps.serverSecret, config.token_ttl_seconds),
  };
}
