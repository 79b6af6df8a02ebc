import { memo, useContext } from 'react';
import { ABORTED_TEXT } from './answer-sink';
import { AnswerMarkdown, AnswerSources } from './lazy-markdown';
import { EditableQuestion } from './question-editor';
import { ReasoningBlock } from './reasoning-block';
import { ThreadContext, useThread, useThreadMessage } from './thread-context';
import type { UiMessage } from './types';

/** One answer: 思考过程, the markdown text (live tail while generating), sources and how it ended. */
export const AssistantContent = memo(function AssistantContent({ message }: { message: UiMessage }) {
  const streaming = message.status === 'generating';
  const onLinkClick = useContext(ThreadContext)?.onLinkClick;
  return (
    <div className="chat-answer" data-testid="chat-answer" data-status={message.status}>
      {message.reasoning || (streaming && message.reasoning !== undefined) ? (
        <ReasoningBlock reasoning={message.reasoning ?? ''} thinking={streaming && !message.content} />
      ) : null}
      {message.content ? (
        <AnswerMarkdown
          content={message.content}
          streaming={streaming}
          citations={message.citations}
          onLinkClick={onLinkClick}
        />
      ) : null}
      {message.citations?.length && !streaming ? (
        <AnswerSources citations={message.citations} onLinkClick={onLinkClick} />
      ) : null}
      {message.status === 'aborted' ? (
        <div className="chat-answer-note chat-answer-note-aborted">{ABORTED_TEXT}</div>
      ) : null}
      {message.error ? (
        <div className="chat-answer-note chat-answer-note-error" role="alert">
          {message.error}
        </div>
      ) : null}
    </div>
  );
});

export const UserContent = memo(function UserContent({ message }: { message: UiMessage }) {
  return <EditableQuestion message={message} />;
});

/** A bubble's content, subscribed to its own message. */
export const MessageContent = memo(function MessageContent({ messageKey }: { messageKey: string }) {
  const message = useThreadMessage(messageKey);
  const { renderAnswer } = useThread();
  if (!message) return null;
  if (message.role !== 'assistant') return <UserContent message={message} />;
  return renderAnswer?.(message) ?? <AssistantContent message={message} />;
});
