import { memo } from 'react';
import { useMessage } from '../store/chat-store';
import Think from '@ant-design/x/es/think';
import { ABORTED_TEXT } from '../store/ask-actions';
import type { UiMessage } from '../store/types';
import { AnswerMarkdown, AnswerSources } from './lazy-markdown';

/** One answer: 思考过程, the markdown text (live tail while streaming), sources and how it ended. */
export const AssistantContent = memo(function AssistantContent({ message }: { message: UiMessage }) {
  const streaming = message.status === 'generating';
  const thinking = streaming && !message.content;
  return (
    <div className="chat-answer" data-testid="chat-answer" data-status={message.status}>
      {message.reasoning ? (
        <Think title={thinking ? '思考中…' : '思考过程'} loading={thinking} defaultExpanded blink={thinking}>
          <div className="chat-reasoning">{message.reasoning}</div>
        </Think>
      ) : null}
      {message.content ? (
        <AnswerMarkdown content={message.content} streaming={streaming} citations={message.citations} />
      ) : null}
      {message.citations?.length && !streaming ? <AnswerSources citations={message.citations} /> : null}
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
  return (
    <div className="chat-user-text" data-testid="chat-question">
      {message.content}
    </div>
  );
});

/** A bubble's content, subscribed to its own message. */
export const MessageContent = memo(function MessageContent({
  convId,
  messageKey,
}: {
  convId: string;
  messageKey: string;
}) {
  const message = useMessage(convId, messageKey);
  if (!message) return null;
  return message.role === 'assistant' ? <AssistantContent message={message} /> : <UserContent message={message} />;
});
