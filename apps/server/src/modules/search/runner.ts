import type { SearchStep, SearchStepName } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SearchExecutionRow, SearchUsage } from '../../db/schema';
import { DEAD_WORKER_ERROR, type JobContext } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import { checkCitations } from './citations';
import type { SearchConfig } from './config';
import type { ExecutionPatch, ExecutionStore, NewSource } from './execution-store';
import { EXTRACTIVE_NOTE, extractiveSummary, passageIn, queryTerms } from './extractive';
import type { Candidate, SourceFinder } from './finder';
import { mindMarkdown, mindNotes } from './mind-notes';
import { termSource, type TermedSource } from './source-terms';
import { askModel, estimateTokens, PLAN_SYSTEM, SUMMARY_SYSTEM, summaryPrompt } from './model';
import { PageFetchError, type PageFetcher } from './page-fetcher';
import { heuristicPlan, parsePlan } from './plan';
import { readableText } from './readable-text';
import type { SearchSessionStore } from './session-store';
import { clip, siteOf } from './text';
import { pausesAfterPlan } from './workflows';

export const SEARCH_EXECUTION_JOB = 'search.execution';
export interface ExecutionJob {
  executionId: string;
}

/** How often a running step looks for a stop asked on another replica. */
const STOP_POLL_MS = 300;

export interface RunnerDeps {
  store: ExecutionStore;
  sessions: SearchSessionStore;
  finder: SourceFinder;
  fetcher: PageFetcher;
  llm: LlmGateway;
  config: SearchConfig;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface RunState {
  row: SearchExecutionRow;
  usage: SearchUsage;
  /** Aborted by a stop (from any replica) or this process stopping. */
  stop: AbortController;
  /** Aborted when the run's time budget is used up. */
  budget: AbortSignal;
  notes: string[];
  /** Time spent waiting on the model, backends and pages in the current step. */
  externalMs: number;
  /** What the read step stored, prepared for matching: the summary and mind notes need not read it back. */
  read?: ReadSources;
}

/** A run's stored sources and each one's sentences, words and numbers (prepared once, in the read step). */
interface ReadSources {
  sources: NewSource[];
  termed: Map<number, TermedSource>;
}

type ReadOutcome = { source: Omit<NewSource, 'idx'>; termed: TermedSource } | { skipped: string };

/**
 * Runs an execution's steps as a durable job: from its next pending step until the plan waits for
 * the user (deep and docs runs) or the mind notes are drawn. Every write is guarded by the run
 * still being `running`, so an interrupt (any replica) always wins; a job found running after its
 * worker died marks the run interrupted instead of starting over.
 */
export class ExecutionRunner {
  /** Hears each step's server time, without the model, the backends and the pages (the bench). */
  onStepTiming?: (step: SearchStepName, ms: number) => void;

  constructor(private readonly deps: RunnerDeps) {}

  async handle(job: JobContext<ExecutionJob>): Promise<void> {
    const { store } = this.deps;
    const row = await store.byId(job.data.executionId);
    if (!row || row.status !== 'running') return;
    if (job.lastError === DEAD_WORKER_ERROR || job.attempt > 1) {
      await this.finishInterrupted(row, '服务重启，执行已中断，可重新发起');
      return;
    }
    const stop = new AbortController();
    const onJobAbort = () => stop.abort();
    job.signal.addEventListener('abort', onJobAbort, { once: true });
    const poll = setInterval(() => {
      void store.stopRequested(row.id).then(
        (asked) => asked && stop.abort(),
        () => undefined,
      );
    }, STOP_POLL_MS);
    poll.unref();
    const remainingMs = Math.max(0, row.budget.max_seconds * 1000 - row.usage.seconds * 1000);
    const state: RunState = {
      row,
      usage: { ...row.usage },
      stop,
      budget: AbortSignal.timeout(remainingMs),
      notes: row.note ? [row.note] : [],
      externalMs: 0,
    };
    try {
      await this.runSteps(state);
    } catch (error) {
      if (stop.signal.aborted) {
        await this.finishInterrupted(state.row, (await store.stopRequested(row.id)) ? null : '服务停止，执行已中断');
        return;
      }
      this.deps.log.warn({ err: error, execution: row.id }, 'search execution failed');
      await this.finish(state, 'failed', error instanceof Error ? clip(error.message, 300) : '执行失败');
    } finally {
      clearInterval(poll);
      job.signal.removeEventListener('abort', onJobAbort);
    }
  }

  private async runSteps(state: RunState): Promise<void> {
    let step = state.row.steps.find((s) => s.status === 'pending');
    if (!step) return this.finish(state, 'done', null);
    await this.save(state, { steps: withStep(state.row.steps, step.name, 'running', '') });
    for (;;) {
      if (state.stop.signal.aborted) throw new Error('stopped');
      const started = performance.now();
      state.externalMs = 0;
      const output = await this.runStep(state, step.name);
      const spent = performance.now() - started;
      this.onStepTiming?.(step.name, spent - state.externalMs);
      state.usage.seconds = Math.round((state.usage.seconds + spent / 1000) * 100) / 100;
      // One write closes the step and opens the next, pauses for the plan to be edited, or ends the run.
      const steps = withStep(state.row.steps, step.name, 'done', output);
      if (step.name === 'plan' && pausesAfterPlan(state.row.kind)) {
        return this.save(state, { steps, status: 'waiting' });
      }
      const next = steps.find((s) => s.status === 'pending');
      if (!next) return this.finish(state, 'done', null, steps);
      await this.save(state, { steps: withStep(steps, next.name, 'running', '') });
      step = next;
    }
  }

  private runStep(state: RunState, name: SearchStepName): Promise<string> {
    switch (name) {
      case 'plan':
        return this.plan(state);
      case 'search':
        return this.search(state);
      case 'read':
        return this.read(state);
      case 'summary':
        return this.summary(state);
      case 'mind':
        return this.mind(state);
    }
  }

  /** The signal of a step's outside calls: a stop or the spent budget ends them. */
  private signal(state: RunState): AbortSignal {
    return AbortSignal.any([state.stop.signal, state.budget]);
  }

  private tokensLeft(state: RunState): number {
    return state.row.budget.max_tokens - state.usage.tokens;
  }

  private async timed<T>(state: RunState, work: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await work();
    } finally {
      state.externalMs += performance.now() - t;
    }
  }

  private async model(state: RunState, system: string, prompt: string) {
    const { llm, config } = this.deps;
    // The prompt's own size must fit what is left, with room for the answer.
    if (estimateTokens(system + prompt) * 1.5 > this.tokensLeft(state)) {
      this.note(state, '已达到令牌预算上限，改用摘录方式完成');
      return null;
    }
    if (state.budget.aborted) return null;
    try {
      const answer = await this.timed(state, () =>
        askModel(llm, config.model_task, system, prompt, this.signal(state)),
      );
      if (answer) state.usage.tokens += answer.tokens;
      return answer;
    } catch (error) {
      if (state.stop.signal.aborted) throw error;
      if (state.budget.aborted) this.note(state, '已达到时间预算上限，改用摘录方式完成');
      else this.note(state, '模型暂时不可用，改用摘录方式完成');
      return null;
    }
  }

  private async plan(state: RunState): Promise<string> {
    const { row } = state;
    const answer = await this.model(state, PLAN_SYSTEM, row.query);
    const plan = answer ? parsePlan(answer.text, row.query) : heuristicPlan(row.query);
    await this.save(state, { plan });
    return plan.join('\n');
  }

  private async search(state: RunState): Promise<string> {
    const { row } = state;
    if (state.budget.aborted) {
      this.note(state, '已达到时间预算上限，跳过搜索');
      await this.save(state, { candidates: [] });
      return '预算已用尽，未搜索';
    }
    const webToo = row.kind !== 'docs';
    const plan = row.plan.length > 0 ? row.plan : [row.query];
    let found;
    try {
      found = await this.timed(state, () =>
        this.deps.finder.find(row.userId, plan, webToo, row.budget.max_pages, this.signal(state)),
      );
    } catch (error) {
      if (state.stop.signal.aborted) throw error;
      this.note(state, '已达到时间预算上限，搜索未完成');
      found = { candidates: [], report: ['搜索超出时间预算'] };
    }
    await this.save(state, { candidates: found.candidates });
    if (webToo && this.deps.finder.webBackends === 0) found.report.unshift('未配置联网搜索后端，仅检索公司文档');
    return [`共 ${found.candidates.length} 条候选`, ...found.report].join('\n');
  }

  private async read(state: RunState): Promise<string> {
    const { row } = state;
    const candidates = row.candidates as Candidate[];
    const results: ReadOutcome[] = new Array(candidates.length);
    // The question's words, segmented once for every source's passage.
    const wanted = queryTerms(row.query);
    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= candidates.length) return;
        if (state.stop.signal.aborted) throw new Error('stopped');
        if (state.usage.pages >= row.budget.max_pages) {
          results[i] = { skipped: `${candidates[i]!.title}：超出页面预算` };
          continue;
        }
        results[i] = await this.readOne(state, candidates[i]!, wanted);
      }
    };
    const workers = Array.from({ length: Math.min(this.deps.config.fetch.concurrency, candidates.length) }, worker);
    await this.timed(state, () => Promise.all(workers));
    // Numbered in result order among the ones read: every [n] of the summary is one of these.
    const sources: NewSource[] = [];
    const termed = new Map<number, TermedSource>();
    const skipped: string[] = [];
    for (const r of results) {
      if (!r) continue;
      if ('skipped' in r) {
        skipped.push(r.skipped);
        continue;
      }
      const idx = sources.length + 1;
      sources.push({ ...r.source, idx });
      termed.set(idx, { ...r.termed, idx });
    }
    await this.deps.store.saveSources(row.id, sources);
    state.read = { sources, termed };
    if (state.budget.aborted) this.note(state, '已达到时间预算上限，部分网页未读取');
    return [`读取 ${sources.length} 个来源`, ...skipped.map((s) => `跳过：${s}`)].join('\n');
  }

  private async readOne(state: RunState, c: Candidate, wanted: ReadonlySet<string>): Promise<ReadOutcome> {
    if (c.kind === 'doc') {
      const termed = termSource(0, c.title, c.content);
      return {
        source: {
          kind: 'doc',
          title: c.title,
          url: c.url,
          site: '公司文档',
          snippet: c.snippet,
          passage: passageIn(wanted, termed, c.content),
          content: c.content,
        },
        termed,
      };
    }
    if (state.budget.aborted) return { skipped: `${c.title}：超出时间预算` };
    state.usage.pages++;
    try {
      const page = await this.deps.fetcher.fetch(c.url, this.signal(state));
      const readable = readableText(page.body, page.contentType, c.title);
      if (readable.text.length < 20) return { skipped: `${c.title}：网页没有可读的正文` };
      const title = readable.title || c.title;
      const termed = termSource(0, title, readable.text);
      return {
        source: {
          kind: 'web',
          title,
          url: page.url,
          site: siteOf(page.url),
          snippet: c.snippet || clip(readable.text, 200),
          passage: passageIn(wanted, termed, readable.text),
          content: readable.text,
        },
        termed,
      };
    } catch (error) {
      if (state.stop.signal.aborted) throw error;
      const reason =
        error instanceof PageFetchError ? error.message : state.budget.aborted ? '超出时间预算' : '读取失败';
      return { skipped: `${c.url}：${reason}` };
    }
  }

  private async summary(state: RunState): Promise<string> {
    const { row } = state;
    const { sources, termed } = state.read ?? (await this.storedSources(row.id));
    const t = performance.now();
    const prompt = summaryPrompt(row.query, sources);
    state.externalMs -= performance.now() - t;
    const answer = sources.length > 0 ? await this.model(state, SUMMARY_SYSTEM, prompt) : null;
    const mode = answer ? 'model' : 'extractive';
    const draft = answer ? answer.text : extractiveSummary(row.query, row.plan, [...termed.values()]);
    const checked = checkCitations(draft, sources, termed, row.query);
    if (checked.dropped > 0) this.note(state, `已删除 ${checked.dropped} 处无法在来源中核实的引用`);
    await this.save(state, { summary: checked.summary, summaryMode: mode, citations: checked.citations });
    await this.deps.sessions.addMessage(row.sessionId, row.id, 'SYS', checked.summary);
    return mode === 'extractive' && !checked.summary.includes(EXTRACTIVE_NOTE)
      ? `> ${EXTRACTIVE_NOTE}\n${checked.summary}`
      : checked.summary;
  }

  private async mind(state: RunState): Promise<string> {
    const { row } = state;
    const sources = state.read?.sources ?? (await this.deps.store.sourceTitles(row.id));
    const root = mindNotes(row.query, row.summary ?? '', sources);
    const markdown = mindMarkdown(root);
    await this.save(state, { mind: root, mindMarkdown: markdown });
    return markdown;
  }

  /**
   * The run's sources read back and prepared, when this job did not read them itself: the read
   * and summary steps run in one job, so this is a safety net rather than a path a run takes.
   */
  private async storedSources(executionId: string): Promise<ReadSources> {
    const sources = await this.deps.store.sources(executionId);
    return { sources, termed: new Map(sources.map((s) => [s.idx, termSource(s.idx, s.title, s.content)])) };
  }

  private note(state: RunState, text: string): void {
    if (!state.notes.includes(text)) state.notes.push(text);
  }

  /**
   * Saves while the run is still running; a stop that closed it meanwhile ends the run here. The
   * run's row is this job's to write while it runs, so the patch is applied to the copy in hand
   * rather than read back.
   */
  private async save(state: RunState, patch: ExecutionPatch): Promise<void> {
    const full = { ...patch, usage: state.usage, note: state.notes.join('；') || null };
    if (!(await this.deps.store.patch(state.row.id, full, 'running'))) {
      state.stop.abort();
      throw new Error('stopped');
    }
    state.row = { ...state.row, ...full, usage: { ...state.usage } };
  }

  private async finish(
    state: RunState,
    status: 'done' | 'failed',
    error: string | null,
    current: SearchStep[] = state.row.steps,
  ): Promise<void> {
    const steps = current.map((s) =>
      status === 'failed' && s.status === 'running' ? { ...s, status: 'failed' as const } : s,
    );
    await this.deps.store.update(
      state.row.id,
      { status, steps, error, usage: state.usage, note: state.notes.join('；') || null },
      'running',
    );
  }

  private async finishInterrupted(row: SearchExecutionRow, note: string | null): Promise<void> {
    await markInterrupted(this.deps.store, row.id, note);
  }
}

/** The steps with one step's status and output replaced. */
function withStep(
  steps: readonly SearchStep[],
  name: SearchStepName,
  status: SearchStep['status'],
  output: string,
): SearchStep[] {
  return steps.map((s) => (s.name === name ? { ...s, status, output } : s));
}

/** Closes a run as interrupted: its running and pending steps too. Idempotent; never touches a finished run. */
export async function markInterrupted(store: ExecutionStore, id: string, note: string | null): Promise<void> {
  const row = await store.byId(id);
  if (!row || (row.status !== 'running' && row.status !== 'waiting')) return;
  const steps = row.steps.map((s) =>
    s.status === 'running' || s.status === 'pending' ? { ...s, status: 'interrupted' as const } : s,
  );
  const notes = [row.note, note].filter(Boolean).join('；') || null;
  await store.update(id, { status: 'interrupted', steps, note: notes }, row.status);
}
