import { useState } from 'react';
import { SEARCH_PLAN_MAX_QUERIES } from '@portal/contract';

interface PlanEditorProps {
  plan: readonly string[];
  busy: boolean;
  onRun: (plan: string[]) => void;
  onStop: () => void;
}

/** The planned queries, editable before the search runs. */
export function PlanEditor({ plan, busy, onRun, onStop }: PlanEditorProps) {
  const [items, setItems] = useState<string[]>([...plan]);
  const kept = items.map((q) => q.trim()).filter(Boolean);
  return (
    <section className="research-card" aria-label="检索计划" data-testid="plan-editor">
      <h6>检索计划（可修改后再搜索）</h6>
      <ol className="research-plan">
        {items.map((q, i) => (
          <li key={i}>
            <input
              className="research-input"
              aria-label={`检索词 ${i + 1}`}
              value={q}
              maxLength={200}
              onChange={(e) => setItems(items.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <button
              type="button"
              className="research-button"
              aria-label={`删除检索词 ${i + 1}`}
              disabled={items.length <= 1}
              onClick={() => setItems(items.filter((_, j) => j !== i))}
            >
              删除
            </button>
          </li>
        ))}
      </ol>
      <div className="research-row">
        <button
          type="button"
          className="research-button"
          disabled={items.length >= SEARCH_PLAN_MAX_QUERIES}
          onClick={() => setItems([...items, ''])}
        >
          添加检索词
        </button>
        <button
          type="button"
          className="research-button research-primary"
          data-testid="plan-run"
          disabled={busy || kept.length === 0}
          onClick={() => onRun(kept)}
        >
          按计划搜索
        </button>
        <button type="button" className="research-button" onClick={onStop}>
          结束
        </button>
      </div>
    </section>
  );
}
