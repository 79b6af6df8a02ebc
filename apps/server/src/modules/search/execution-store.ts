import {
  SEARCH_STEP_NAMES,
  SEARCH_STEP_TITLES,
  type SearchResult,
  type SearchSource,
  type SearchStep,
  type SearchWorkflow,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  searchExecutions,
  searchSources,
  type SearchBudget,
  type SearchExecutionRow,
  type SearchSourceRow,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type ExecutionPatch = Partial<
  Pick<
    SearchExecutionRow,
    | 'status'
    | 'query'
    | 'plan'
    | 'steps'
    | 'usage'
    | 'candidates'
    | 'summary'
    | 'summaryMode'
    | 'citations'
    | 'mind'
    | 'mindMarkdown'
    | 'note'
    | 'error'
    | 'jobId'
    | 'stopRequested'
  >
>;

export type NewSource = Omit<SearchSourceRow, 'id' | 'executionId'>;

export function toResult(row: SearchExecutionRow): SearchResult {
  return {
    execution_id: row.id,
    session_id: row.sessionId,
    workflow_id: row.workflowId,
    kind: row.kind,
    status: row.status,
    query: row.query,
    plan: row.plan,
    steps: row.steps,
    budget: row.budget,
    usage: row.usage,
    note: row.note,
    error: row.error,
  };
}

export function toSource(row: SearchSourceRow): SearchSource {
  return {
    index: row.idx,
    title: row.title,
    url: row.url,
    site: row.site,
    snippet: row.snippet,
    passage: row.passage,
    kind: row.kind,
  };
}

/** Executions and their stored sources. Writes of a run are guarded by its status, so a stop wins. */
export class ExecutionStore {
  constructor(private readonly db: Db) {}

  async create(userId: number, sessionId: string, workflow: SearchWorkflow, budget: SearchBudget) {
    const steps: SearchStep[] = SEARCH_STEP_NAMES.filter((n) => workflow.steps.includes(n)).map((name) => ({
      name,
      title: SEARCH_STEP_TITLES[name],
      status: 'pending',
      output: '',
    }));
    const [row] = await this.db
      .insert(searchExecutions)
      .values({
        id: newId(),
        userId,
        sessionId,
        workflowId: workflow.workflow_id,
        kind: workflow.kind,
        status: 'waiting',
        steps,
        budget,
        usage: { seconds: 0, tokens: 0, pages: 0 },
      })
      .returning();
    return row!;
  }

  /** The caller's execution; another user's id reads as unknown. */
  async get(userId: number, id: string): Promise<SearchExecutionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(searchExecutions)
      .where(and(eq(searchExecutions.id, id), eq(searchExecutions.userId, userId)));
    return row;
  }

  async byId(id: string): Promise<SearchExecutionRow | undefined> {
    const [row] = await this.db.select().from(searchExecutions).where(eq(searchExecutions.id, id));
    return row;
  }

  /** Applies a patch; with `whileStatus`, only while the run is still in that status. */
  async update(id: string, patch: ExecutionPatch, whileStatus?: SearchExecutionRow['status'], db: Db = this.db) {
    const where = whileStatus
      ? and(eq(searchExecutions.id, id), eq(searchExecutions.status, whileStatus))
      : eq(searchExecutions.id, id);
    const [row] = await db
      .update(searchExecutions)
      .set({ ...patch, updatedAt: new Date() })
      .where(where)
      .returning();
    return row;
  }

  /** `update` without reading the row back: whether the run was still in that status and took the patch. */
  async patch(id: string, patch: ExecutionPatch, whileStatus: SearchExecutionRow['status']): Promise<boolean> {
    const rows = await this.db
      .update(searchExecutions)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(searchExecutions.id, id), eq(searchExecutions.status, whileStatus)))
      .returning({ id: searchExecutions.id });
    return rows.length > 0;
  }

  async stopRequested(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ stop: searchExecutions.stopRequested })
      .from(searchExecutions)
      .where(eq(searchExecutions.id, id));
    return row?.stop ?? true;
  }

  async sources(executionId: string): Promise<SearchSourceRow[]> {
    return this.db
      .select()
      .from(searchSources)
      .where(eq(searchSources.executionId, executionId))
      .orderBy(asc(searchSources.idx));
  }

  /** Index and title of the run's sources, without their text. */
  async sourceTitles(executionId: string): Promise<{ idx: number; title: string }[]> {
    return this.db
      .select({ idx: searchSources.idx, title: searchSources.title })
      .from(searchSources)
      .where(eq(searchSources.executionId, executionId))
      .orderBy(asc(searchSources.idx));
  }

  /**
   * Stores the run's sources in one statement. A read step runs once per run (a job that runs
   * again closes its run as interrupted), so there is nothing to replace; the unique index on
   * (execution, idx) would refuse a second set rather than mix the two.
   */
  async saveSources(executionId: string, sources: readonly NewSource[]): Promise<void> {
    if (sources.length > 0) await this.db.insert(searchSources).values(sources.map((s) => ({ ...s, executionId })));
  }
}
