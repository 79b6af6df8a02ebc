import Skeleton from 'antd/es/skeleton';
import type { DocCitation, ReportMessageKind } from '@portal/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { ThreadContext, useGeneratingWatch, type ThreadContextValue } from '../../../components/thread';
import { reportReattach } from '../api/answer-reattach';
import { useReportStore } from '../store/report-store';
import { ReportMessageView } from './report-answer';

const NO_KEYS: string[] = [];

/** An answer still written when the conversation opened (a reload, another device) is followed to its end. */
function FollowGenerating() {
  useGeneratingWatch(undefined, reportReattach);
  return null;
}

interface ReportThreadProps {
  conversationId: string;
  /** Suggested questions while the thread is empty; undefined while they load. */
  questions: readonly string[] | undefined;
  onAsk(question: string): void;
  onOpen(citation: DocCitation): void;
  onExport(messageId: string, kind: ReportMessageKind, format: 'md' | 'docx'): void;
}

/**
 * The conversation's questions and answers from the report store, or suggested questions while
 * there are none. The list depends only on which messages exist; each message subscribes to itself.
 */
export function ReportThread({ conversationId, questions, onAsk, onOpen, onExport }: ReportThreadProps) {
  const keys = useStore(
    useReportStore,
    useShallow((s) => s.sessions[conversationId]?.list.map((m) => m.key) ?? NO_KEYS),
  );
  const thread = useMemo<ThreadContextValue>(
    () => ({ store: useReportStore, threadId: conversationId }),
    [conversationId],
  );
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [keys.length]);

  return (
    <ThreadContext.Provider value={thread}>
      <FollowGenerating />
      <div className="report-thread" aria-live="polite">
        {keys.length === 0 ? (
          <div className="report-suggest">
            <div className="report-suggest-title">可以这样问：</div>
            {questions === undefined ? (
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            ) : (
              questions.map((q) => (
                <button type="button" key={q} className="report-suggest-item" onClick={() => onAsk(q)}>
                  {q}
                </button>
              ))
            )}
          </div>
        ) : null}
        {keys.map((key) => (
          <ReportMessageView key={key} messageKey={key} onOpen={onOpen} onExport={onExport} />
        ))}
        <div ref={end} />
      </div>
    </ThreadContext.Provider>
  );
}
