import { memo } from 'react';
import Spin from 'antd/es/spin';
import type { SessionMessageKind } from '@portal/contract';
import { AssistantContent, type UiMessage } from '../../../components/thread';
import { BrainstormSummaryView } from '../brainstorm/brainstorm-summary';
import { IdeaRoundView } from '../brainstorm/idea-round';
import { InsightReportView } from '../insight/insight-report';
import { useSessionStore } from '../store/session-store';

/** What a structured answer shows while it is written (its raw text is the model's JSON). */
const PROGRESS: Partial<Record<SessionMessageKind, string>> = {
  ideas: '正在生成创意卡片…',
  summary: '正在聚类并绘制思维导图…',
  report: '正在分析用户原声，生成洞察报告…',
};

/** A structured reply that did not validate is asked for once more, with the validation error. */
const REPAIRING = '正在整理格式…';

/**
 * A session answer: idea cards, a brainstorm summary or an insight report when the stored message
 * has valid structured data; otherwise (still writing, or a reply that failed validation) the
 * text as markdown with its page citations.
 */
export const SessionAnswer = memo(function SessionAnswer({ message }: { message: UiMessage }) {
  const extra = useSessionStore((s) => (message.message_id ? s.extras[message.message_id] : undefined));
  const data = message.status === 'generating' ? null : extra?.data;
  const progress =
    message.status === 'generating' && extra ? (extra.repairing ? REPAIRING : PROGRESS[extra.kind]) : undefined;
  let body;
  if (progress)
    body = (
      <div className="session-progress" data-testid="session-progress">
        <Spin size="small" /> {progress}
      </div>
    );
  else if (data?.kind === 'ideas') body = <IdeaRoundView round={data.round} />;
  else if (data?.kind === 'summary') body = <BrainstormSummaryView summary={data.summary} />;
  else if (data?.kind === 'report') body = <InsightReportView report={data.report} />;
  else body = <AssistantContent message={message} />;
  return (
    <div className="session-answer" data-kind={extra?.kind ?? 'answer'}>
      {extra?.demo ? <span className="session-demo-tag">演示模型</span> : null}
      {body}
      {data && message.error ? (
        <div className="chat-answer-note chat-answer-note-error" role="alert">
          {message.error}
        </div>
      ) : null}
    </div>
  );
});
