import { ErrorCode, type CountedModuleName, type SearchResult } from '@portal/contract';
import type { Db } from '../../db/client';
import type { SearchExecutionRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import type { JobQueue } from '../../services/jobs';
import type { UsageService } from '../../services/usage';
import type { SearchConfig } from './config';
import { toResult, type ExecutionPatch, type ExecutionStore } from './execution-store';
import { markInterrupted, SEARCH_EXECUTION_JOB, type ExecutionJob } from './runner';
import type { SearchSessionStore } from './session-store';
import { SEARCH_APP_ID, workflowOf } from './workflows';

/** How long an interrupt waits for the running step to close the run before closing it itself. */
const INTERRUPT_GRACE_MS = 5_000;

const invalid = (message: string) => new AppError(ErrorCode.validation, message);

/** What a research run counts as in the usage table and the quota rules. */
export const RESEARCH_MODULE = 'research' satisfies CountedModuleName;

/** Starting, stepping, stopping and reading executions; a run's work happens in its job. */
export class ExecutionService {
  constructor(
    private readonly db: Db,
    private readonly store: ExecutionStore,
    private readonly sessions: SearchSessionStore,
    private readonly jobs: JobQueue,
    private readonly usage: UsageService,
    private readonly config: SearchConfig,
  ) {}

  async init(userId: number, sessionId: string, appId: string, workflowId: string): Promise<string> {
    const session = await this.sessions.get(userId, sessionId);
    if (!session) throw resourceGone();
    const workflow = workflowOf(workflowId);
    if (appId !== SEARCH_APP_ID || !workflow) throw invalid('未知的应用或工作流');
    const budget = { ...this.config.budget };
    // A quick answer needs fewer pages than a research run.
    if (workflow.kind === 'quick') budget.max_pages = Math.min(budget.max_pages, 6);
    const row = await this.store.create(userId, session.id, workflow, budget);
    await this.sessions.touch(session.id, row.id);
    return row.id;
  }

  /** The caller's run, closed as interrupted if it claims to run but its job is gone (never stuck). */
  async get(userId: number, id: string): Promise<SearchExecutionRow> {
    const row = await this.store.get(userId, id);
    if (!row) throw resourceGone();
    if (row.status === 'running' && row.jobId !== null) {
      const job = await this.jobs.get(row.jobId);
      if (!job || job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') {
        // The job ended without closing the run (its worker died for good): give the run its end.
        const again = await this.store.get(userId, id);
        if (again?.status === 'running') await markInterrupted(this.store, id, '执行已中断，可重新发起');
        return (await this.store.get(userId, id))!;
      }
    }
    return row;
  }

  async result(userId: number, id: string): Promise<SearchResult> {
    return toResult(await this.get(userId, id));
  }

  async runStep(userId: number, id: string, input: { query?: string; plan?: string[] }): Promise<SearchResult> {
    const row = await this.get(userId, id);
    if (row.status === 'running') throw invalid('当前步骤正在执行，请稍候');
    if (row.status !== 'waiting') throw invalid('该执行已结束，请重新发起');
    const next = row.steps.find((s) => s.status === 'pending');
    if (!next) throw invalid('该执行已结束，请重新发起');
    const query = input.query ?? row.query;
    if (next.name === 'plan' && !query) throw invalid('请输入要研究的问题');
    if (input.plan && next.name !== 'search') throw invalid('检索计划只能在搜索开始前修改');
    const patch = {
      status: 'running' as const,
      query,
      ...(input.plan ? { plan: input.plan } : {}),
    };
    const started =
      next.name === 'plan' ? await this.startCounted(row, patch) : await this.store.update(id, patch, 'waiting');
    if (!started) throw invalid('当前步骤正在执行，请稍候');
    if (next.name === 'plan') await this.sessions.addMessage(row.sessionId, id, 'USER', query);
    const jobId = await this.jobs.send(SEARCH_EXECUTION_JOB, { executionId: id } satisfies ExecutionJob, {
      maxAttempts: 2,
    });
    const withJob = await this.store.update(id, { jobId }, 'running');
    return toResult(withJob ?? (await this.get(userId, id)));
  }

  /**
   * A run's first step: counted against the caller's research quota (4030 once it is used up) in
   * the transaction that starts it, so two runs at the limit cannot both start.
   */
  private async startCounted(row: SearchExecutionRow, patch: ExecutionPatch) {
    return this.db.transaction(async (tx) => {
      await this.usage.reserve(tx, row.userId, RESEARCH_MODULE);
      const started = await this.store.update(row.id, patch, 'waiting', tx);
      if (started) {
        await this.usage.record(tx, {
          userId: row.userId,
          module: RESEARCH_MODULE,
          convId: row.sessionId,
          messageId: row.id,
        });
      }
      return started;
    });
  }

  /**
   * Stops a run wherever it runs: the flag in the database is seen by the running step within a
   * moment on any replica (and the job is cancelled, which its owner's lease renewal also sees).
   */
  async interrupt(userId: number, id: string): Promise<SearchResult> {
    const row = await this.get(userId, id);
    if (row.status === 'waiting') {
      await markInterrupted(this.store, id, null);
      return this.result(userId, id);
    }
    if (row.status !== 'running') return toResult(row);
    await this.store.update(id, { stopRequested: true });
    if (row.jobId !== null) await this.jobs.cancel(row.jobId);
    const deadline = Date.now() + INTERRUPT_GRACE_MS;
    while (Date.now() < deadline) {
      const now = await this.store.get(userId, id);
      if (!now || now.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Nobody closed it in time (its job had not started, or its worker is gone): close it here.
    await markInterrupted(this.store, id, null);
    return this.result(userId, id);
  }
}
