import { useCallback, useEffect, useMemo, useRef, type UIEvent } from 'react';
import Button from 'antd/es/button';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import Bubble, { type BubbleItemType, type BubbleListRef } from '@ant-design/x/es/bubble';
import type { RoleType } from '@ant-design/x/es/bubble/interface';
import { useShallow } from 'zustand/react/shallow';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { loadEarlier } from '../store/load-session';
import type { UiMessage } from '../store/types';
import { AnswerActions } from './answer-actions';
import { MessageContent } from './assistant-content';

/** Within this many pixels of the newest message the view follows the stream. */
const END_SLACK_PX = 32;
const SEPARATOR = '\u0000';
const NO_MESSAGES: UiMessage[] = [];

interface MessageListProps {
  config: ChatModuleConfig;
  convId: string;
  onRegenerate(): void;
}

/**
 * The conversation as bubbles. Bubble.List has no virtualisation, so only the newest page is
 * loaded and rendered at first; 加载更早的消息 fetches older pages from message/list.
 *
 * The list itself depends only on which messages exist and their status; each bubble's content
 * subscribes to its own message, so a streamed increment re-renders the live answer alone.
 */
export function MessageList({ config, convId, onRegenerate }: MessageListProps) {
  const listRef = useRef<BubbleListRef>(null);
  const rows = useChatStore(
    useShallow((s) => (s.sessions[convId]?.list ?? NO_MESSAGES).map((m) => [m.key, m.role, m.status].join(SEPARATOR))),
  );
  const hasMore = useChatStore((s) => s.sessions[convId]?.hasMore ?? false);
  const loadingEarlier = useChatStore((s) => s.sessions[convId]?.loadingEarlier ?? false);
  const isAsking = useChatStore((s) => s.sessions[convId]?.isAsking ?? 0);
  const scrollEnd = useChatStore((s) => s.sessions[convId]?.scrollEnd ?? true);
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
        contentRender: (key: string) => <MessageContent convId={convId} messageKey={key} />,
      },
      user: { placement: 'end', contentRender: (key: string) => <MessageContent convId={convId} messageKey={key} /> },
    }),
    [convId],
  );

  const items = useMemo<BubbleItemType[]>(() => {
    const lastKey = rows.at(-1)?.split(SEPARATOR)[0];
    const visible = rows.map<BubbleItemType>((row) => {
      const [key = '', role, status] = row.split(SEPARATOR);
      const isAnswer = role === 'assistant';
      const canRegenerate = isAnswer && key === lastKey && !isAsking;
      return {
        key,
        role: isAnswer ? 'ai' : 'user',
        content: key,
        className: isAnswer ? 'chat-bubble-answer' : 'chat-bubble-question',
        footer:
          isAnswer && status !== 'generating' ? (
            <AnswerActions
              config={config}
              convId={convId}
              messageKey={key}
              onRegenerate={canRegenerate ? () => regenerateRef.current() : undefined}
            />
          ) : undefined,
      };
    });
    if (!hasMore) return visible;
    const earlier: BubbleItemType = {
      key: '__earlier',
      role: 'divider',
      content: (
        <Button size="small" type="link" loading={loadingEarlier} onClick={() => void loadEarlier(config, convId)}>
          加载更早的消息
        </Button>
      ),
    };
    return [earlier, ...visible];
  }, [rows, hasMore, loadingEarlier, isAsking, config, convId]);

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
      if (atEnd !== useChatStore.getState().sessions[convId]?.scrollEnd) {
        useChatStore.getState().patchSession(convId, { scrollEnd: atEnd });
      }
    },
    [convId],
  );

  const toEnd = () => {
    listRef.current?.scrollTo({ top: 'bottom', behavior: 'smooth' });
    useChatStore.getState().patchSession(convId, { scrollEnd: true });
  };

  return (
    <>
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
    </>
  );
}
