import { useEffect, useState } from 'react';
import type { RecommendQuestionEvent, RecommendQuestionFinish } from '@portal/contract';
import { sessionEndpoints } from '@portal/contract/endpoints/sessions';
import { api } from '../../../lib/api';
import { streamSse } from '../../../lib/sse';

const { recommendQuestion: recommend } = sessionEndpoints('pdf');

interface RecommendQuestionsProps {
  sessionId: string;
  /** Ready PDFs, joined: the questions are asked again when it changes. */
  readyKey: string;
  disabled: boolean;
  onPick(question: string): void;
}

/**
 * PDF only: once a document is ready, `get_stream_recommend_question` streams questions about it,
 * one event each, shown as they arrive.
 */
export function RecommendQuestions({ sessionId, readyKey, disabled, onPick }: RecommendQuestionsProps) {
  const [state, setState] = useState<{ list: string[]; loading: boolean; demo: boolean }>({
    list: [],
    loading: false,
    demo: false,
  });

  useEffect(() => {
    if (!readyKey) return;
    const controller = new AbortController();
    setState({ list: [], loading: true, demo: false });
    void streamSse<RecommendQuestionEvent, RecommendQuestionFinish>({
      url: api.url(recommend.path),
      headers: api.headers(),
      body: { session_id: sessionId },
      signal: controller.signal,
      onMessage: (event) =>
        setState((s) => {
          const list = [...s.list];
          list[event.index] = event.question;
          return { ...s, list };
        }),
      onFinish: (finish) => setState({ list: finish.list, loading: false, demo: finish.demo }),
      onError: () => setState((s) => ({ ...s, loading: false })),
      onAbort: () => undefined,
    });
    return () => controller.abort();
  }, [sessionId, readyKey]);

  const list = state.list.filter(Boolean);
  if (!readyKey || (!state.loading && list.length === 0)) return null;
  return (
    <div className="session-recommend" aria-label="推荐问题" aria-busy={state.loading}>
      <div className="session-recommend-head">
        推荐问题{state.loading ? '（生成中…）' : ''}
        {state.demo ? <span className="session-demo-tag">演示模型</span> : null}
      </div>
      <div className="session-chips" role="list">
        {list.map((q) => (
          <button
            key={q}
            type="button"
            role="listitem"
            className="session-chip"
            disabled={disabled}
            onClick={() => onPick(q)}
            data-testid="recommend-question"
          >
            {q}
          </button>
        ))}
      </div>
    </div>
  );
}
