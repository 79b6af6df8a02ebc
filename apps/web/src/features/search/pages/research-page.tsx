import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type {
  Citation,
  MindNode,
  SearchResult,
  SearchSession,
  SearchSource,
  SearchSummary,
  SearchWorkflow,
} from '@portal/contract';
import { AnswerMarkdown } from '../../../components/thread/lazy-markdown';
import { followRun } from '../api/follow-run';
import { searchApi, setSearchIdentity, type SearchIdentity } from '../api/search-api';
import { MindMap } from '../components/mind-map';
import { PlanEditor } from '../components/plan-editor';
import { StepList } from '../components/step-list';
import '../components/research.css';

interface Outputs {
  sources: SearchSource[];
  summary: SearchSummary | null;
  mind: { root: MindNode; markdown: string } | null;
}

const EMPTY: Outputs = { sources: [], summary: null, mind: null };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '请求失败，请稍后重试';
}

/**
 * 研究模式 of 智能搜索助手: sessions of the search service, a plan the user may edit, the steps as
 * they stream, the sources, the summary with its citations and the mind map. The session and run
 * are in the address, so a reload brings everything back.
 */
export function ResearchPage({ identity }: { identity: SearchIdentity }) {
  setSearchIdentity(identity);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session');
  const [sessions, setSessions] = useState<SearchSession[] | null>(null);
  const [workflows, setWorkflows] = useState<SearchWorkflow[]>([]);
  const [workflowId, setWorkflowId] = useState('deep');
  const [query, setQuery] = useState('');
  const [run, setRun] = useState<SearchResult | null>(null);
  const [outputs, setOutputs] = useState<Outputs>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const follow = useRef<AbortController | null>(null);

  const loadOutputs = useCallback(async (executionId: string) => {
    const [sources, summary, mind] = await Promise.all([
      searchApi.sources(executionId),
      searchApi.summary(executionId),
      searchApi.mindNotes(executionId),
    ]);
    setOutputs({
      sources: sources.list,
      summary: summary.summary ? summary : null,
      mind: mind.markdown ? mind : null,
    });
  }, []);

  /** Follows a run to its next stop (plan waiting, done, interrupted), then reads its results. */
  const watch = useCallback(
    async (executionId: string) => {
      follow.current?.abort();
      const controller = new AbortController();
      follow.current = controller;
      let last = await followRun(executionId, setRun, controller.signal);
      if (controller.signal.aborted) return;
      // A broken stream: poll until the run stops running.
      while (!last || last.status === 'running') {
        await new Promise((r) => setTimeout(r, 1_000));
        if (controller.signal.aborted) return;
        last = await searchApi.result(executionId);
        setRun(last);
      }
      await loadOutputs(executionId);
    },
    [loadOutputs],
  );

  const refreshSessions = useCallback(async () => {
    const list = await searchApi.sessions();
    setSessions(list.session_list);
    return list.session_list;
  }, []);

  useEffect(() => {
    void (async () => {
      try {
        const [, flows] = await Promise.all([refreshSessions(), searchApi.workflows()]);
        setWorkflows(flows.app_workflow_list);
      } catch (e) {
        setError(messageOf(e));
        setSessions([]);
      }
    })();
    return () => follow.current?.abort();
  }, [refreshSessions]);

  // The session's latest run, after a reload or when another session is opened.
  useEffect(() => {
    setRun(null);
    setOutputs(EMPTY);
    if (!sessionId || !sessions) return;
    const session = sessions.find((s) => s.session_id === sessionId);
    if (!session?.exec_id) return;
    const executionId = session.exec_id;
    void (async () => {
      try {
        const result = await searchApi.result(executionId);
        setRun(result);
        setQuery(result.query);
        setWorkflowId(result.workflow_id);
        if (result.status === 'running') void watch(executionId);
        else await loadOutputs(executionId);
      } catch (e) {
        setError(messageOf(e));
      }
    })();
    // Only when the session changes or the list first arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, sessions === null]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      const text = query.trim();
      if (!text) throw new Error('请输入要研究的问题');
      let sid = sessionId;
      if (!sid) {
        sid = (await searchApi.addSession(text.slice(0, 30))).session_id;
        setParams({ session: sid }, { replace: true });
      }
      const { execution_id } = await searchApi.init(sid, workflowId);
      setOutputs(EMPTY);
      setRun(await searchApi.runStep(execution_id, { query: text }));
      await refreshSessions();
      void watch(execution_id);
    });

  const runPlan = (plan: string[]) =>
    act(async () => {
      if (!run) return;
      setRun(await searchApi.runStep(run.execution_id, { plan }));
      void watch(run.execution_id);
    });

  const stop = () =>
    act(async () => {
      if (!run) return;
      follow.current?.abort();
      setRun(await searchApi.interrupt(run.execution_id));
      await loadOutputs(run.execution_id);
    });

  const openSession = (id: string | null) => {
    follow.current?.abort();
    setQuery('');
    setParams(id ? { session: id } : {}, { replace: false });
  };

  const removeSession = (id: string) =>
    act(async () => {
      await searchApi.deleteSession(id);
      if (id === sessionId) openSession(null);
      await refreshSessions();
    });

  const citations: Citation[] = outputs.sources.map((s) => ({
    index: s.index,
    title: s.title,
    url: s.kind === 'web' ? s.url : '',
    snippet: s.snippet,
  }));
  const running = run?.status === 'running';
  const planWaiting = run?.status === 'waiting' && run.steps[0]?.status === 'done';

  return (
    <div className="research" data-testid="research-page">
      <aside className="research-sessions" aria-label="研究会话">
        <div className="research-sessions-head">
          <button type="button" className="research-button research-primary" onClick={() => openSession(null)}>
            新的研究
          </button>
          <button type="button" className="research-button" onClick={() => void navigate('/metaso/welcome')}>
            返回对话
          </button>
        </div>
        {sessions === null ? (
          <p className="research-muted">加载中…</p>
        ) : sessions.length === 0 ? (
          <p className="research-muted">暂无研究会话</p>
        ) : (
          <ul className="research-session-list">
            {sessions.map((s) => (
              <li key={s.session_id} className={s.session_id === sessionId ? 'active' : ''}>
                <button type="button" className="research-session-open" onClick={() => openSession(s.session_id)}>
                  {s.session_name}
                </button>
                <button
                  type="button"
                  className="research-session-delete"
                  aria-label={`删除 ${s.session_name}`}
                  onClick={() => void removeSession(s.session_id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      <main className="research-main">
        <h5 className="research-title">研究模式</h5>
        <div className="research-ask">
          <div className="research-workflows" role="radiogroup" aria-label="工作流">
            {workflows.map((w) => (
              <button
                key={w.workflow_id}
                type="button"
                role="radio"
                aria-checked={w.workflow_id === workflowId}
                title={w.description}
                className={`research-chip${w.workflow_id === workflowId ? ' active' : ''}`}
                disabled={running}
                onClick={() => setWorkflowId(w.workflow_id)}
              >
                {w.name}
              </button>
            ))}
          </div>
          <textarea
            className="research-query"
            data-testid="research-query"
            aria-label="研究问题"
            placeholder="输入要研究的问题，例如：青石港的吞吐量和自动化码头"
            value={query}
            maxLength={500}
            rows={2}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void start();
            }}
          />
          <div className="research-row">
            <button
              type="button"
              className="research-button research-primary"
              data-testid="research-start"
              disabled={busy || running || !query.trim()}
              onClick={() => void start()}
            >
              开始研究
            </button>
            {running ? (
              <button
                type="button"
                className="research-button research-danger"
                data-testid="research-stop"
                onClick={() => void stop()}
              >
                停止
              </button>
            ) : null}
          </div>
        </div>

        {error ? (
          <p className="research-error" role="alert">
            {error}
          </p>
        ) : null}

        {run ? (
          <>
            <p className="research-budget" data-testid="research-budget">
              预算：{run.usage.seconds.toFixed(1)} / {run.budget.max_seconds} 秒 · {run.usage.tokens} /{' '}
              {run.budget.max_tokens} 令牌 · {run.usage.pages} / {run.budget.max_pages} 个网页
              {run.note ? <span className="research-note"> · {run.note}</span> : null}
            </p>
            {planWaiting ? (
              <PlanEditor
                key={run.execution_id}
                plan={run.plan}
                busy={busy}
                onRun={(plan) => void runPlan(plan)}
                onStop={() => void stop()}
              />
            ) : null}
            <StepList run={run} />
          </>
        ) : sessions !== null && !error ? (
          <p className="research-muted research-empty">
            选择工作流并输入问题：先规划检索词（可修改），再检索网页与公司文档，最后给出带引用的总结和脑图。
          </p>
        ) : null}

        {outputs.summary ? (
          <section className="research-card" aria-label="总结" data-testid="research-summary">
            <h6>总结{outputs.summary.mode === 'extractive' ? '（摘录模式）' : ''}</h6>
            <AnswerMarkdown content={outputs.summary.summary} citations={citations} />
          </section>
        ) : null}

        {outputs.sources.length > 0 ? (
          <section className="research-card" aria-label="来源" data-testid="research-sources">
            <h6>来源（{outputs.sources.length}）</h6>
            <ol className="research-sources">
              {outputs.sources.map((s) => (
                <li key={s.index} value={s.index}>
                  {s.kind === 'web' ? (
                    <a href={s.url} target="_blank" rel="noreferrer noopener">
                      {s.title}
                    </a>
                  ) : (
                    <span>{s.title}</span>
                  )}
                  <span className="research-site">{s.site}</span>
                  <p className="research-passage">{s.passage || s.snippet}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {outputs.mind ? (
          <section className="research-card" aria-label="脑图">
            <h6>脑图</h6>
            <MindMap
              root={outputs.mind.root}
              markdown={outputs.mind.markdown}
              name={run?.query.slice(0, 30) || '脑图'}
            />
          </section>
        ) : null}
      </main>
    </div>
  );
}
