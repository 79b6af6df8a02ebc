import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  MARKETING_COLLECT_PAGE_SIZE_DEFAULT,
  type ChatMessage,
  type MarketingCollection,
  type MarketingMessage,
  type StoredFile,
} from '@portal/contract';
import {
  ask,
  leaveThread,
  loadThread,
  localKey,
  MessageList,
  stopAsking,
  ThreadContext,
  useMarkdownPreload,
  type ListPage,
  type ThreadContextValue,
} from '../../../components/thread';
import { createCollection } from '../api/collect-create';
import { deleteCollection } from '../api/collect-delete';
import { useCollections } from '../api/collect-list';
import { useCollectTotal } from '../api/collect-total';
import { getMarketingConversation, useMarketingConversation } from '../api/get-conversation';
import { marketingKeys } from '../api/keys';
import { marketingReattach } from '../api/answer-reattach';
import { receiveTransport } from '../api/receive';
import { CaseComposer } from '../components/case-composer';
import { CollectAction } from '../components/collect-action';
import type { CollectValues } from '../components/collect-dialog';
import type { CollectionQuery } from '../components/collection-view';
import { MarketingLayout, type MarketingView } from '../components/marketing-layout';
import { MarketingWelcome } from '../components/marketing-welcome';
import { marketingStore } from '../store/marketing-store';

const TITLE = '案例分析';

// The form, list and table views load when first opened: the analysis screen paints without them.
const CollectDialog = lazy(() => import('../components/collect-dialog').then((m) => ({ default: m.CollectDialog })));
const CollectionView = lazy(() => import('../components/collection-view').then((m) => ({ default: m.CollectionView })));
const CompareView = lazy(() => import('../components/compare-view').then((m) => ({ default: m.CompareView })));
const viewFallback = (
  <div style={{ padding: 24 }}>
    <Skeleton active paragraph={{ rows: 4 }} />
  </div>
);

/** A stored description shows its attachments by name under the text. */
function questionText(text: string, attachmentNames: string[]): string {
  const files = attachmentNames.length > 0 ? `附件：${attachmentNames.join('、')}` : '';
  return [text, files].filter(Boolean).join('\n\n');
}

/** The thread's message shape from a stored marketing message. */
function toThreadMessage(m: MarketingMessage): ChatMessage {
  return {
    message_id: m.message_id,
    conv_id: m.conv_id,
    role: m.role,
    content:
      m.role === 'user'
        ? questionText(
            m.content,
            m.attachments.map((a) => a.name),
          )
        : m.content,
    status: m.status,
    create_time: m.create_time,
  };
}

function viewOf(value: string | null): MarketingView {
  return value === 'collection' || value === 'compare' ? value : 'analysis';
}

/**
 * `/marketing/welcome` and `/marketing/session?id=`: a campaign description analysed in the fixed
 * frame as a stream; `?view=collection` lists saved cases and `?view=compare` puts 2–3 side by side.
 */
export function MarketingPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const convId = params.get('id') ?? '';
  const view = viewOf(params.get('view'));
  // The first analysis of a new conversation streams into a draft thread until its id is known.
  const [draftId, setDraftId] = useState<string | null>(null);
  const threadId = convId || draftId || '';
  const [attachments, setAttachments] = useState<StoredFile[]>([]);
  // The analysis being saved (or the saved case being edited) and the dialog's first values.
  const [collecting, setCollecting] = useState<{ messageId: string; initial: CollectValues } | null>(null);
  const [compare, setCompare] = useState<MarketingCollection[]>([]);
  const [query, setQuery] = useState<CollectionQuery>({ page: 1, page_size: MARKETING_COLLECT_PAGE_SIZE_DEFAULT });

  const detail = useMarketingConversation(convId);
  const totals = useCollectTotal();
  const collections = useCollections(query, view === 'collection');
  const isAsking = useStore(marketingStore, (s) => (threadId ? (s.sessions[threadId]?.isAsking ?? 0) : 0));
  const load = useStore(marketingStore, (s) => (threadId ? (s.sessions[threadId]?.load ?? 'idle') : 'idle'));

  useMarkdownPreload(!!convId);

  const listPage = useCallback<ListPage>(async () => {
    const data = await queryClient.fetchQuery({
      queryKey: marketingKeys.detail(convId),
      queryFn: () => getMarketingConversation(convId),
    });
    return { list: data.messages.map(toThreadMessage), hasMore: false };
  }, [queryClient, convId]);

  useEffect(() => {
    if (convId) void loadThread(marketingStore, convId, listPage);
  }, [convId, listPage]);
  useEffect(() => () => leaveThread(marketingStore, threadId), [threadId]);

  const setView = (next: MarketingView) => {
    const search = new URLSearchParams(params);
    if (next === 'analysis') search.delete('view');
    else search.set('view', next);
    setParams(search);
  };

  const open = (id: string) => void navigate(`/marketing/session?id=${encodeURIComponent(id)}`);
  const startNew = () => {
    setDraftId(null);
    setAttachments([]);
    void navigate('/marketing/welcome');
  };

  const send = (text: string): boolean => {
    const target = convId || localKey('marketing-draft');
    if (marketingStore.getState().sessions[target]?.isAsking) return false;
    const files = attachments;
    if (!convId) setDraftId(target);
    setAttachments([]);
    void ask({
      store: marketingStore,
      threadId: target,
      prompt: questionText(
        text,
        files.map((f) => f.name),
      ),
      transport: receiveTransport(
        {
          ...(convId ? { conv_id: convId } : {}),
          text,
          file_ids: files.map((f) => f.file_id),
        },
        // A new conversation's page moves to it as soon as the server names it, so that a reload
        // finds the analysis there: the conversation's page follows it to its end (the server goes
        // on whoever watches), and the draft lets go of its stream.
        convId
          ? undefined
          : (named) => {
              marketingStore.getState().dropSession(target);
              setDraftId(null);
              void navigate(`/marketing/session?id=${encodeURIComponent(named)}`, { replace: true });
            },
      ),
      callbacks: {
        onFinish: (finish) => {
          void queryClient.invalidateQueries({ queryKey: marketingKeys.detail(finish.conv_id) });
          if (convId) return;
          // The draft becomes the conversation's thread, and the page its session page.
          const state = marketingStore.getState();
          state.setMessages(finish.conv_id, state.sessions[target]?.list ?? []);
          void navigate(`/marketing/session?id=${encodeURIComponent(finish.conv_id)}`, { replace: true });
        },
        onSettled: () => void queryClient.invalidateQueries({ queryKey: marketingKeys.conversations() }),
      },
    });
    return true;
  };

  const conversationTitle = detail.data?.conversation.title ?? '';
  const collectIds = useMemo(() => {
    const map = new Map<string, string | null>();
    for (const m of detail.data?.messages ?? []) map.set(m.message_id, m.collect_id);
    return map;
  }, [detail.data]);

  const onCollect = useCallback(
    (messageId: string) => {
      // A saved case is edited where saved cases live.
      if (collectIds.get(messageId)) {
        const search = new URLSearchParams(params);
        search.set('view', 'collection');
        setParams(search);
      } else setCollecting({ messageId, initial: { title: conversationTitle, tags: [], note: '' } });
    },
    [collectIds, params, setParams, conversationTitle],
  );
  const answerExtra = useCallback(
    (key: string) => <CollectAction messageKey={key} collectIdOf={(id) => collectIds.get(id)} onCollect={onCollect} />,
    [collectIds, onCollect],
  );

  const saveCollection = async (values: CollectValues) => {
    if (!collecting) return;
    await createCollection({ message_id: collecting.messageId, ...values });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: marketingKeys.collections() }),
      convId ? queryClient.invalidateQueries({ queryKey: marketingKeys.detail(convId) }) : undefined,
    ]);
  };

  const removeCollection = async (item: MarketingCollection) => {
    await deleteCollection(item.collect_id);
    setCompare((list) => list.filter((c) => c.collect_id !== item.collect_id));
    await queryClient.invalidateQueries({ queryKey: marketingKeys.collections() });
    if (item.conv_id) void queryClient.invalidateQueries({ queryKey: marketingKeys.detail(item.conv_id) });
  };

  const toggleCompare = (item: MarketingCollection) =>
    setCompare((list) =>
      list.some((c) => c.collect_id === item.collect_id)
        ? list.filter((c) => c.collect_id !== item.collect_id)
        : [...list, item],
    );

  const knownTags = useMemo(() => totals.data?.tags.map((t) => t.tag) ?? [], [totals.data]);

  const thread = useMemo<ThreadContextValue>(() => ({ store: marketingStore, threadId }), [threadId]);
  const busy = isAsking === 1;
  const title = (view === 'analysis' && detail.data?.conversation.title) || TITLE;

  let body;
  if (view === 'collection') {
    body = (
      <CollectionView
        query={query}
        onQueryChange={setQuery}
        list={collections.data}
        totals={totals.data}
        loading={collections.isFetching}
        error={collections.isError}
        onRetry={() => void collections.refetch()}
        selected={compare}
        onToggle={toggleCompare}
        onCompare={() => setView('compare')}
        onDelete={removeCollection}
        onEdit={(item) =>
          setCollecting({
            messageId: item.message_id,
            initial: { title: item.title, tags: item.tags, note: item.note },
          })
        }
      />
    );
  } else if (view === 'compare') {
    body = <CompareView cases={compare} onBack={() => setView('collection')} />;
  } else {
    let messages;
    if (!threadId) {
      messages = <MarketingWelcome disabled={busy} onExample={(text) => void send(text)} />;
    } else if (load === 'error' || (convId && detail.isError && load !== 'ready')) {
      messages = (
        <div className="mk-load-error" role="alert">
          <span>分析记录加载失败，请检查网络后重试。</span>
          <Button size="small" onClick={() => void loadThread(marketingStore, convId, listPage, true)}>
            重试
          </Button>
        </div>
      );
    } else if (load !== 'ready') {
      messages = (
        <div style={{ padding: 24 }} data-testid="mk-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      );
    } else {
      messages = <MessageList listPage={listPage} answerExtra={answerExtra} reattach={marketingReattach} />;
    }
    body = (
      <ThreadContext.Provider value={thread}>
        {messages}
        <CaseComposer
          busy={busy}
          attachments={attachments}
          onAttachmentsChange={setAttachments}
          onSend={send}
          onStop={() => stopAsking(marketingStore, threadId)}
        />
      </ThreadContext.Provider>
    );
  }

  return (
    <MarketingLayout
      view={view}
      title={title}
      activeId={convId}
      collectTotal={totals.data?.total}
      onView={setView}
      onOpen={open}
      onNew={startNew}
    >
      <Suspense fallback={viewFallback}>{body}</Suspense>
      {collecting !== null ? (
        <Suspense fallback={null}>
          <CollectDialog
            open
            initial={collecting.initial}
            knownTags={knownTags}
            onSubmit={saveCollection}
            onClose={() => setCollecting(null)}
          />
        </Suspense>
      ) : null}
    </MarketingLayout>
  );
}
