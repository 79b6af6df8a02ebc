import { memo, useEffect, useState, type ReactNode } from 'react';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DislikeFilled from '@ant-design/icons/es/icons/DislikeFilled';
import DislikeOutlined from '@ant-design/icons/es/icons/DislikeOutlined';
import LikeFilled from '@ant-design/icons/es/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/es/icons/LikeOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import type { FeedbackAction } from '@portal/contract';
import { copyText } from '../../lib/copy-text';
import { showError } from '../../lib/ui-bridge';
import { useThread, useThreadMessage, type ThreadContextValue } from './thread-context';
import type { UiMessage } from './types';

interface AnswerActionsProps {
  messageKey: string;
  /** Only the last answer, when nothing is streaming. */
  onRegenerate?(): void;
  /** A module's own actions, after the common ones. */
  extra?: ReactNode;
}

/** How long the copy button says 已复制. */
const COPIED_MS = 2000;

interface ActionProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children?: ReactNode;
}

/** A plain icon button: answers can be many, and antd's Button costs far more per instance. */
function Action({ label, icon, onClick, disabled, pressed, children }: ActionProps) {
  return (
    <button
      type="button"
      className="chat-action"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
      {children}
    </button>
  );
}

/** 点赞 / 点踩 / 复制 / 重新生成 under an answer. */
export const AnswerActions = memo(function AnswerActions({ messageKey, onRegenerate, extra }: AnswerActionsProps) {
  const thread = useThread();
  const answer = useThreadMessage(messageKey);
  return answer ? <Actions thread={thread} answer={answer} onRegenerate={onRegenerate} extra={extra} /> : null;
});

function Actions({
  thread,
  answer,
  onRegenerate,
  extra,
}: {
  thread: ThreadContextValue;
  answer: UiMessage;
  onRegenerate?(): void;
  extra?: ReactNode;
}) {
  const { store, threadId, feedback: send } = thread;
  const [pending, setPending] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = answer.message_id;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const feedback = async (action: FeedbackAction) => {
    if (!id || pending || !send) return;
    setPending(true);
    try {
      const state = await send(action, id);
      store.getState().updateMessage(threadId, answer.key, (m) => ({ ...m, feedback: state.feedback }));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setPending(false);
    }
  };

  const copy = async () => {
    try {
      await copyText(answer.content);
      setCopied(true);
    } catch {
      showError('复制失败，请手动选择文本复制');
      return;
    }
    if (id && send) void send('copy', id).catch(() => undefined);
  };

  const liked = answer.feedback === 'like';
  const disliked = answer.feedback === 'dislike';
  return (
    <div className="chat-answer-actions">
      {onRegenerate ? (
        <Action label="重新生成" icon={<ReloadOutlined />} onClick={onRegenerate}>
          {answer.status === 'incomplete' ? <span>重新生成</span> : null}
        </Action>
      ) : null}
      <Action
        label={copied ? '已复制' : '复制'}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        disabled={!answer.content}
        onClick={() => void copy()}
      />
      {send ? (
        <>
          <Action
            label={liked ? '取消点赞' : '点赞'}
            pressed={liked}
            disabled={!id}
            icon={liked ? <LikeFilled /> : <LikeOutlined />}
            onClick={() => void feedback(liked ? 'unlike' : 'like')}
          />
          <Action
            label={disliked ? '取消点踩' : '点踩'}
            pressed={disliked}
            disabled={!id}
            icon={disliked ? <DislikeFilled /> : <DislikeOutlined />}
            onClick={() => void feedback(disliked ? 'undislike' : 'dislike')}
          />
        </>
      ) : null}
      {extra}
    </div>
  );
}
