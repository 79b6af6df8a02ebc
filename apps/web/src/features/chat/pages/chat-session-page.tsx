import { useCallback, useEffect, useMemo, useRef } from 'react';
import Button from 'antd/es/button';
import { Navigate, useSearchParams } from 'react-router';
import type { ChatModule, FeedbackAction } from '@portal/contract';
import {
  leaveThread,
  loadThread,
  MessageList,
  ThreadContext,
  type ListPage,
  type ThreadContextValue,
  type UiMessage,
} from '../../../components/thread';
import { useConversations, useMoreConversations } from '../api/list-conversations';
import { listMessages } from '../api/list-messages';
import { sendFeedback } from '../api/send-feedback';
import { truncateFrom } from '../api/truncate-messages';
import { ChatComposer } from '../components/chat-composer';
import { UNTITLED } from '../components/conversation-label';
import { ChatLayout } from '../components/chat-layout';
import { LoadingLines } from '../components/list-placeholders';
import { hasModelRoutes, messageApiOf } from '../config/message-api';
import { useChatActions } from '../hooks/use-chat-actions';
import { useChatModule } from '../hooks/use-chat-module';
import { completionOf, reattachOf } from '../store/chat-ask';
import { useChatStore } from '../store/chat-store';

/** `/{module}/session?id=<conv_id>`: the conversation's messages and the question box. */
export function ChatSessionPage({ module }: { module?: ChatModule }) {
  const config = useChatModule(module);
  const [params] = useSearchParams();
  const convId = params.get('id') ?? '';
  // Only what this page shows: the streamed text re-renders the message list, not the page.
  const isAsking = useChatStore((s) => s.sessions[convId]?.isAsking ?? 0);
  const load = useChatStore((s) => s.sessions[convId]?.load ?? 'idle');
  const conversations = useConversations(config);
  const conversation = conversations.data?.find((c) => c.conv_id === convId);
  const more = useMoreConversations(config);
  const { send, retry, stop } = useChatActions(config);

  // A conversation older than the pages loaded (opened from a link) is looked for in the next ones.
  const lookFurther = Boolean(convId && conversations.data && !conversation && more.hasMore && !more.failed);
  const { loadMore } = more;
  useEffect(() => {
    if (lookFurther) loadMore();
  }, [lookFurther, loadMore, conversations.data]);

  // A model served under its own prefix keeps its conversation's messages there, so where to
  // read them from is known only with the conversation.
  const routeKnown = !hasModelRoutes(config) || (!conversations.isPending && !lookFurther);
  const messageApi = messageApiOf(config, conversation?.model_type ?? config.modelTypeConfig.defaultModel).api;
  const route = useMemo(() => ({ module: config.name, api: messageApi }), [config.name, messageApi]);
  const listPage = useCallback<ListPage>((page, size) => listMessages(route, convId, page, size), [route, convId]);
  const completion = useMemo(() => completionOf(route), [route]);
  const reattach = useMemo(() => reattachOf(route), [route]);

  useEffect(() => {
    if (convId && routeKnown) void loadThread(useChatStore, convId, listPage);
  }, [convId, routeKnown, listPage]);

  // A polled answer stops being polled when its page goes away; it is picked up again on return.
  useEffect(() => () => leaveThread(useChatStore, convId), [convId]);

  // A conversation opened from the list brings its own model choice once.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!conversation || applied.current === conversation.conv_id) return;
    applied.current = conversation.conv_id;
    if (useChatStore.getState().sessions[conversation.conv_id]?.isAsking) return;
    useChatStore.getState().setSettings(config.name, {
      modelType: conversation.model_type,
      temperature: conversation.last_prompt_temperature,
      ...(conversation.lang !== undefined ? { lang: conversation.lang } : {}),
      ...(conversation.enableMix !== undefined ? { enableMix: conversation.enableMix } : {}),
    });
  }, [conversation, config.name]);

  // An edited question: the server drops it and the turns after it, then it is asked again here.
  const editQuestion = useCallback(
    async (message: UiMessage, text: string) => {
      const session = useChatStore.getState().sessions[convId];
      if (!session || session.isAsking || !message.message_id) return false;
      try {
        await truncateFrom(route, convId, message.message_id);
      } catch {
        // The HTTP client has shown the server's message; the thread is as it was.
        return false;
      }
      const list = useChatStore.getState().sessions[convId]?.list ?? [];
      const at = list.findIndex((m) => m.key === message.key);
      useChatStore.getState().patchSession(convId, { list: at < 0 ? list : list.slice(0, at) });
      void send(convId, text);
      return true;
    },
    [route, convId, send],
  );
  const thread = useMemo<ThreadContextValue>(
    () => ({
      store: useChatStore,
      threadId: convId,
      feedback: (action: FeedbackAction, messageId: string) => sendFeedback(config, action, messageId, convId),
      editQuestion,
    }),
    [config, convId, editQuestion],
  );

  const onRegenerate = useCallback(() => void retry(convId), [retry, convId]);
  const onSend = useCallback(
    (prompt: string) => {
      const session = useChatStore.getState().sessions[convId];
      if (!session || session.isAsking || session.load !== 'ready') return false;
      void send(convId, prompt);
      return true;
    },
    [send, convId],
  );
  const onStop = useCallback(() => stop(convId), [stop, convId]);

  if (!convId) return <Navigate to={`${config.topPath}/welcome`} replace />;

  const busy = isAsking === 1;
  let body;
  if (load === 'error') {
    body = (
      <div style={{ padding: 24 }}>
        <div className="chat-load-error" role="alert">
          <span>消息加载失败，请检查网络后重试。</span>
          <Button size="small" onClick={() => void loadThread(useChatStore, convId, listPage, true)}>
            重试
          </Button>
        </div>
      </div>
    );
  } else if (load !== 'ready') {
    body = (
      <div style={{ padding: 24 }} data-testid="chat-loading">
        <LoadingLines title rows={4} />
      </div>
    );
  } else {
    body = <MessageList listPage={listPage} onRegenerate={onRegenerate} completion={completion} reattach={reattach} />;
  }

  return (
    <ChatLayout
      config={config}
      activeId={convId}
      title={conversation?.title || (conversations.isPending ? '' : UNTITLED)}
    >
      <ThreadContext.Provider value={thread}>
        {body}
        <ChatComposer config={config} busy={busy} onSend={onSend} onStop={onStop} />
      </ThreadContext.Provider>
    </ChatLayout>
  );
}
