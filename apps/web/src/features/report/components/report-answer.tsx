import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { DocCitation, ReportMessageKind } from '@portal/contract';
import { memo } from 'react';
import { useStore } from 'zustand';
import { AnswerMarkdown, useThreadMessage, type UiMessage } from '../../../components/thread';
import { NO_EXTRA, useReportStore, type ReportAnswerExtra } from '../store/report-store';
import { BriefView } from './brief-view';
import { CitationChips } from './citation-chips';
import { citedSources } from './cited-sources';
import { ComparisonView } from './compare-view';

const TIMEOUT_TEXT = '抱歉，回复超时，请重新提问';

/** The answer's text: after a restart only the piece written again; a failed empty one says why. */
function shownText(m: UiMessage, extra: ReportAnswerExtra): string {
  const text = m.content.slice(extra.restartAt);
  if (text || m.error === undefined) return text;
  return m.error || TIMEOUT_TEXT;
}

interface ReportAnswerProps {
  message: UiMessage;
  extra: ReportAnswerExtra;
  onOpen(citation: DocCitation): void;
  onExport(messageId: string, kind: ReportMessageKind, format: 'md' | 'docx'): void;
}

/** One answer: the brief or comparison once stored, else the markdown text, with sources and exports. */
function ReportAnswer({ message: m, extra, onOpen, onExport }: ReportAnswerProps) {
  const done = m.status === 'done';
  const text = shownText(m, extra);
  return (
    <article className="report-answer">
      {extra.demo ? <Tag color="gold">演示模型</Tag> : null}
      {extra.brief && done ? (
        <BriefView brief={extra.brief} citations={extra.citations} onOpen={onOpen} />
      ) : extra.comparison && done ? (
        <ComparisonView comparison={extra.comparison} citations={extra.citations} onOpen={onOpen} />
      ) : m.status === 'generating' && !text ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <AnswerMarkdown content={text} streaming={m.status === 'generating'} />
      )}
      {(extra.brief || extra.comparison) && done ? null : (
        <CitationChips citations={citedSources(m.content, extra.citations)} onOpen={onOpen} />
      )}
      {m.status === 'incomplete' || m.status === 'aborted' ? <Tag color="warning">回答未完成</Tag> : null}
      {done && m.message_id ? (
        <div className="report-answer-actions">
          <Button size="small" onClick={() => onExport(m.message_id!, extra.kind, 'docx')}>
            导出 Word
          </Button>
          <Button size="small" onClick={() => onExport(m.message_id!, extra.kind, 'md')}>
            导出 Markdown
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** A message of the thread, subscribed to itself: a streamed increment re-renders the live answer alone. */
export const ReportMessageView = memo(function ReportMessageView({
  messageKey,
  ...actions
}: { messageKey: string } & Pick<ReportAnswerProps, 'onOpen' | 'onExport'>) {
  const message = useThreadMessage(messageKey);
  const extra = useStore(useReportStore, (s) => (message?.message_id && s.extras[message.message_id]) || NO_EXTRA);
  if (!message) return null;
  if (message.role === 'user') return <div className="report-question">{message.content}</div>;
  return <ReportAnswer message={message} extra={extra} {...actions} />;
});
