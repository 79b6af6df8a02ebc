import { useCallback, useEffect, useMemo, useRef, type ReactNode, type UIEvent } from 'react';
import Button from 'antd/es/button';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import Bubble, { type BubbleItemType, type BubbleListRef } from '@ant-design/x/es/bubble';
import type { RoleType } from '@ant-design/x/es/bubble/interface';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { AnswerActions } from './answer-actions';
import { loadEarlier, type ListPage } from './load-thread';
import { MessageContent } from './message-content';
import { useThread, useThreadState } from './thread-context';
import type { AnswerSnapshot } from './transport';
import type { UiMessage } from './types';
import { useGeneratingWatch } from './use-generating-watch';
import type { Reattach } from './follow-transport';
import './thread.css';

/** Within this many pixels of the newest message the view follows the stream. */
const END_SLACK_PX = 32;
const SEPARATOR = '\u0000';
const NO_MESSAGES: UiMessage[] = [];

interface MessageListProps {
  /** Pages of the thread's stored messages, for 加载更早的消息. */
  listPage: ListPage;
  /** 重新生成 under the last answer; modules that cannot regenerate leave it out. */
  onRegenerate?(): void;
  /**
   * The stored state of an answer. With it, an answer loaded as `generating` that no answer in this
   * tab is writing is polled until it ends, and shown as incomplete if it stops growing.
   */
  completion?(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot>;
  /** With it, such an answer is followed live to its end instead, with 停止 (a stable object). */
  reattach?: Reattach;
  /** A module's own actions beside copy and feedback under a finished answer (e.g. 收藏). */
  answerExtra?(messageKey: string): ReactNode;
}

/**
 * The thread as bubbles. Bubble.List has no virtualisation, so only the newest page is
 * loaded and rendered at first; 加载更早的消息 fetches older pages from message/list.
 *
 * The list itself depends only on which messages exist and their status; each bubble's content
 * subscribes to its own message, so a streamed increment re-renders the live answer alone.
 */
export function MessageList({ listPage, onRegenerate, completion, reattach, answerExtra }: MessageListProps) {
  const { store, threadId } = useThread();
  const listRef = useRef<BubbleListRef>(null);
  const rows = useStore(
    store,
    useShallow((s) =>
      (s.sessions[threadId]?.list ?? NO_MESSAGES).map((m) => [m.key, m.role, m.status].join(SEPARATOR)),
    ),
  );
  const hasMore = useThreadState((s) => s?.hasMore ?? false);
  const loadingEarlier = useThreadState((s) => s?.loadingEarlier ?? false);
  const isAsking = useThreadState((s) => s?.isAsking ?? 0);
  const scrollEnd = useThreadState((s) => s?.scrollEnd ?? true);
  useGeneratingWatch(completion, reattach);
  const regenerates = onRegenerate !== undefined;
  const regenerateRef = useRef(onRegenerate);
  useEffect(() => {
    regenerateRef.current = onRegenerate;
  }, [onRegenerate]);

  // Role renderers stay the same object so unchanged bubbles keep their memoised content.
  const roles = useMemo<RoleType>(
    () => ({
      ai: {
        placement: 'start',
        variant: 'borderless',
        contentRender: (key: string) => <MessageContent messageKey={key} />,
      },
      user: { placement: 'end', contentRender: (key: string) => <MessageContent messageKey={key} /> },
    }),
    [],
  );

  const items = useMemo<BubbleItemType[]>(() => {
    const lastKey = rows.at(-1)?.split(SEPARATOR)[0];
    const visible = rows.map<BubbleItemType>((row) => {
      const [key = '', role, status] = row.split(SEPARATOR);
      const isAnswer = role === 'assistant';
      const canRegenerate = isAnswer && key === lastKey && !isAsking && regenerates;
      return {
        key,
        role: isAnswer ? 'ai' : 'user',
        content: key,
        className: isAnswer ? 'chat-bubble-answer' : 'chat-bubble-question',
        footer:
          isAnswer && status !== 'generating' ? (
            <AnswerActions
              messageKey={key}
              onRegenerate={canRegenerate ? () => regenerateRef.current?.() : undefined}
              extra={answerExtra?.(key)}
            />
          ) : undefined,
      };
    });
    if (!hasMore) return visible;
    const earlier: BubbleItemType = {
      key: '__earlier',
      role: 'divider',
      content: (
        <Button
          size="small"
          type="link"
          loading={loadingEarlier}
          onClick={() => void loadEarlier(store, threadId, listPage)}
        >
          加载更早的消息
        </Button>
      ),
    };
    return [earlier, ...visible];
  }, [rows, hasMore, loadingEarlier, isAsking, regenerates, store, threadId, listPage, answerExtra]);

  // A new question brings the view back to the newest message even if the user had scrolled up.
  useEffect(() => {
    // The list measures its scroll box only after its first render.
    if (isAsking && listRef.current?.scrollBoxNativeElement)
      listRef.current.scrollTo({ top: 'bottom', behavior: 'instant' });
  }, [isAsking]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const box = event.currentTarget;
      // The scroll box is reversed: 0 is the newest message, scrolling up goes negative.
      const atEnd = Math.abs(box.scrollTop) <= END_SLACK_PX;
      if (atEnd !== store.getState().sessions[threadId]?.scrollEnd) {
        store.getState().patchSession(threadId, { scrollEnd: atEnd });
      }
    },
    [store, threadId],
  );

  const toEnd = () => {
    listRef.current?.scrollTo({ top: 'bottom', behavior: 'smooth' });
    store.getState().patchSession(threadId, { scrollEnd: true });
  };

  return (
    // The 回到底部 button is placed within the list's own box, so it never covers the question box.
    <div className="chat-thread-area">
      <Bubble.List ref={listRef} className="chat-messages" items={items} role={roles} autoScroll onScroll={onScroll} />
      {scrollEnd ? null : (
        <Button
          className="chat-to-bottom"
          shape="circle"
          icon={<ArrowDownOutlined />}
          aria-label="回到底部"
          onClick={toEnd}
        />
      )}
    </div>
  );
}
