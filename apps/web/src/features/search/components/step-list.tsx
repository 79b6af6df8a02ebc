import type { SearchResult, SearchStep } from '@portal/contract';

const STATUS_TEXT: Record<SearchStep['status'], string> = {
  pending: '等待',
  running: '进行中',
  done: '完成',
  skipped: '跳过',
  interrupted: '已停止',
  failed: '失败',
};

const RUN_TEXT: Record<SearchResult['status'], string> = {
  running: '执行中',
  waiting: '等待确认',
  done: '已完成',
  interrupted: '已停止',
  failed: '失败',
};

/** The run's steps as they stream, each with its output (the summary and map are shown apart). */
export function StepList({ run }: { run: SearchResult }) {
  return (
    <section className="research-card" aria-label="执行步骤" data-testid="research-steps">
      <h6>
        执行步骤 <span className={`research-tag research-${run.status}`}>{RUN_TEXT[run.status]}</span>
      </h6>
      {run.error ? <p className="research-error">{run.error}</p> : null}
      <ol className="research-steps">
        {run.steps.map((s) => (
          <li
            key={s.name}
            className={`research-step research-step-${s.status}`}
            data-step={s.name}
            data-status={s.status}
          >
            <div className="research-step-head">
              <span className="research-step-title">{s.title}</span>
              <span className={`research-tag research-${s.status}`}>{STATUS_TEXT[s.status]}</span>
            </div>
            {s.output && s.name !== 'summary' && s.name !== 'mind' ? (
              <pre className="research-step-output">{s.output}</pre>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
