import { memo } from 'react';
import { AssistantContent, type UiMessage } from '../../../components/thread';
import { BrainstormSummaryView } from '../brainstorm/brainstorm-summary';
import { IdeaRoundView } from '../brainstorm/idea-round';
import { InsightReportView } from '../insight/insight-report';
import { useSessionStore } from '../store/session-store';

/**
 * A session answer: idea cards, a brainstorm summary or an insight report when the stored message
 * has valid structured data; otherwise (still writing, or a reply that failed validation) the
 * text as markdown with its page citations.
 */
export const SessionAnswer = memo(function SessionAnswer({ message }: { message: UiMessage }) {
  const extra = useSessionStore((s) => (message.message_id ? s.extras[message.message_id] : undefined));
  const data = message.status === 'generating' ? null : extra?.data;
  let body;
  if (data?.kind === 'ideas') body = <IdeaRoundView round={data.round} />;
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
