import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  brainstormMethodLabels,
  type BrainstormMethod,
  type FeedbackAction,
  type PromptSuggestion,
  sessionIdSchema,
  type SessionAskRequest,
  type SessionFile,
} from '@portal/contract';
import { MissingSession } from '../../../components/missing-session';
import {
  leaveThread,
  loadThread,
  MessageList,
  stopAsking,
  ThreadComposer,
  ThreadContext,
  type ThreadContextValue,
  type UiMessage,
} from '../../../components/thread';
import { FileUpload } from '../../../components/upload';
import { getSessionInfo, sendFeedback, sessionFileParser, truncateFrom, uploadUrl } from '../api/session-api';
import { BrainstormToolbar } from '../brainstorm/brainstorm-toolbar';
import { IdeaBoard } from '../brainstorm/idea-board';
import { ideasKey } from '../brainstorm/idea-round';
import { FilePanel } from '../components/file-panel';
import { PromptChips } from '../components/prompt-chips';
import { RecommendQuestions } from '../components/recommend-questions';
import { SessionActionsContext, type SessionActions } from '../components/session-actions';
import { SessionAnswer } from '../components/session-answer';
import { SessionLayout } from '../components/session-layout';
import { SessionMenu } from '../components/session-menu';
import { SourceViewer } from '../components/source-viewer';
import { InsightToolbar } from '../insight/insight-toolbar';
import { useSessionFiles } from '../hooks/use-session-files';
import { useSessionModule } from '../hooks/use-session-module';
import { sessionsKey } from '../hooks/use-sessions';
import { parseSourceHref, type SourceTarget } from '../store/citation-links';
import { sessionListPage as loadSessionThread } from '../store/load-session-thread';
import { completionOf, reattachOf, sessionAsk, sessionRegenerate } from '../store/session-ask';
import { useSessionStore } from '../store/session-store';
import { startAskOf } from './start-ask';

/** Structured answers come whole at the end, so they are asked asynchronously and polled; questions stream. */
const transportOf = (body: Omit<SessionAskRequest, 'session_id'>) => (body.action === 'ask' ? 'stream' : 'poll');

const renderAnswer = (message: UiMessage) => <SessionAnswer message={message} />;

function quoteOfChunk(chunkId: string | null): string {
  if (!chunkId) return '';
  for (const extra of Object.values(useSessionStore.getState().extras)) {
    const found = extra.citations.find((c) => c.chunk_id === chunkId);
    if (found) return found.quote;
  }
  return '';
}

/**
 * `/{module}/session?id=`: the session's thread, its files, and the tool's own actions. Without an
 * id, or with one that cannot be a session's, the module's welcome page (the latter with a notice).
 */
export function SessionPage() {
  const config = useSessionModule();
  const [params] = useSearchParams();
  const sessionId = params.get('id') ?? '';
  const home = `${config.topPath}/welcome`;
  if (!sessionId) return <Navigate to={home} replace />;
  if (!sessionIdSchema.safeParse(sessionId).success) return <MissingSession home={home} />;
  return <SessionThreadPage />;
}

function SessionThreadPage() {
  const config = useSessionModule();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionId = params.get('id') ?? '';
  const isAsking = useSessionStore((s) => s.sessions[sessionId]?.isAsking ?? 0);
  const load = useSessionStore((s) => s.sessions[sessionId]?.load ?? 'idle');
  const isEmpty = useSessionStore((s) => (s.sessions[sessionId]?.list.length ?? 0) === 0);
  const hasRounds = useSessionStore((s) =>
    (s.sessions[sessionId]?.list ?? []).some((m) => m.message_id && s.extras[m.message_id]?.data?.kind === 'ideas'),
  );
  const info = useQuery({
    queryKey: ['session-info', config.name, sessionId],
    queryFn: () => getSessionInfo(config, sessionId),
    enabled: Boolean(sessionId),
  });
  const files = useSessionFiles(config, sessionId);
  const [method, setMethod] = useState<BrainstormMethod | null>(null);
  const chosenMethod = method ?? info.data?.session.method ?? 'free_association';

  const listPage = useMemo(() => loadSessionThread(config, sessionId), [config, sessionId]);
  const completion = useMemo(() => completionOf(config), [config]);
  const reattach = useMemo(() => reattachOf(config), [config]);

  useEffect(() => {
    if (sessionId) void loadThread(useSessionStore, sessionId, listPage);
  }, [sessionId, listPage]);
  useEffect(() => () => leaveThread(useSessionStore, sessionId), [sessionId]);

  const ask = useCallback(
    (shown: string, body: Omit<SessionAskRequest, 'session_id'>) => {
      void sessionAsk({
        module: config,
        sessionId,
        shown,
        body,
        transport: transportOf(body),
        callbacks: {
          onSettled: () => {
            void queryClient.invalidateQueries({ queryKey: sessionsKey(config.name) });
            // The first question names the session.
            void queryClient.invalidateQueries({ queryKey: ['session-info', config.name, sessionId] });
            if (config.name === 'brainstorm') void queryClient.invalidateQueries({ queryKey: ideasKey(sessionId) });
          },
        },
      });
    },
    [config, sessionId, queryClient],
  );

  // The first ask made on the welcome page runs once the (empty) thread is ready.
  const started = useRef<string | null>(null);
  const startAsk = startAskOf(location.state);
  useEffect(() => {
    if (!startAsk || load !== 'ready' || started.current === sessionId) return;
    started.current = sessionId;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (isEmpty) ask(startAsk.shown, startAsk.body);
  }, [startAsk, load, isEmpty, sessionId, ask, navigate, location.pathname, location.search]);

  // The source viewer follows the address, so a citation opened in a new tab lands on it too.
  const fileParam = params.get('file');
  const viewerTarget = useMemo<SourceTarget | null>(() => {
    if (!fileParam) return null;
    const num = (name: string) => Number(params.get(name)) || null;
    return {
      fileId: fileParam,
      fileName: files.files.find((f) => f.file_id === fileParam)?.name ?? '',
      page: num('page'),
      row: num('row'),
      quote: params.get('quote') ?? quoteOfChunk(params.get('chunk')),
    };
  }, [fileParam, params, files.files]);
  const [pastedSource, setPastedSource] = useState<SourceTarget | null>(null);

  const openSource = useCallback(
    (target: SourceTarget, chunkId?: string) => {
      if (!target.fileId) {
        // Pasted text has no file to open: the passage is shown on its own.
        setPastedSource(target);
        if (params.has('file')) setParams(new URLSearchParams({ id: sessionId }));
        return;
      }
      setPastedSource(null);
      const next = new URLSearchParams({ id: sessionId, file: target.fileId });
      if (target.page) next.set('page', String(target.page));
      if (target.row) next.set('row', String(target.row));
      if (chunkId) next.set('chunk', chunkId);
      else if (target.quote) next.set('quote', target.quote);
      setParams(next);
    },
    [sessionId, params, setParams],
  );
  const closeViewer = () => {
    setPastedSource(null);
    if (fileParam) setParams(new URLSearchParams({ id: sessionId }));
  };

  const onLinkClick = useCallback(
    (href: string, event: MouseEvent<HTMLAnchorElement>) => {
      const source = parseSourceHref(href, config.topPath);
      if (!source || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      openSource({ ...source, fileName: '', quote: quoteOfChunk(source.chunkId) }, source.chunkId ?? undefined);
    },
    [config.topPath, openSource],
  );

  const feedback = useCallback(
    (action: FeedbackAction, messageId: string) => sendFeedback(config, sessionId, action, messageId),
    [config, sessionId],
  );
  // A typed question (answered as text) may be edited; a report or a brainstorm round is asked again from its toolbar.
  const canEditQuestion = useCallback(
    (message: UiMessage) => {
      const { sessions, extras } = useSessionStore.getState();
      const list = sessions[sessionId]?.list ?? [];
      const answer = list[list.findIndex((m) => m.key === message.key) + 1];
      return !answer?.message_id || (extras[answer.message_id]?.kind ?? 'answer') === 'answer';
    },
    [sessionId],
  );
  const editQuestion = useCallback(
    async (message: UiMessage, text: string) => {
      const session = useSessionStore.getState().sessions[sessionId];
      if (!session || session.isAsking || !message.message_id) return false;
      try {
        await truncateFrom(config, sessionId, message.message_id);
      } catch {
        // The HTTP client has shown the server's message; the thread is as it was.
        return false;
      }
      const list = useSessionStore.getState().sessions[sessionId]?.list ?? [];
      const at = list.findIndex((m) => m.key === message.key);
      useSessionStore.getState().patchSession(sessionId, { list: at < 0 ? list : list.slice(0, at) });
      ask(text, { action: 'ask', prompt: text });
      return true;
    },
    [config, sessionId, ask],
  );
  const editable = config.name !== 'brainstorm';
  const thread = useMemo<ThreadContextValue>(
    () => ({
      store: useSessionStore,
      threadId: sessionId,
      renderAnswer,
      onLinkClick,
      feedback,
      ...(editable ? { editQuestion, canEditQuestion } : {}),
    }),
    [sessionId, onLinkClick, feedback, editable, editQuestion, canEditQuestion],
  );
  const busy = isAsking === 1;
  const actions = useMemo<SessionActions>(
    () => ({ config, sessionId, busy, method: chosenMethod, ask, openSource }),
    [config, sessionId, busy, chosenMethod, ask, openSource],
  );

  const onSend = useCallback(
    (prompt: string) => {
      const session = useSessionStore.getState().sessions[sessionId];
      if (!session || session.isAsking || session.load !== 'ready') return false;
      ask(prompt, { action: 'ask', prompt });
      return true;
    },
    [ask, sessionId],
  );
  const onPick = (s: PromptSuggestion) =>
    ask(s.prompt, { action: s.action, prompt: s.prompt, ...(s.action === 'round' ? { method: chosenMethod } : {}) });
  const onRegenerate = useCallback(
    () => void sessionRegenerate({ module: config, sessionId, transport: 'poll' }),
    [config, sessionId],
  );

  const readyFiles = files.files.filter((f) => f.status === 'ready');
  const readyKey = readyFiles.map((f) => f.file_id).join(',');
  let body;
  if (load === 'error') {
    body = (
      <div className="session-error" role="alert">
        <span>消息加载失败，请检查网络后重试。</span>
        <Button size="small" onClick={() => void loadThread(useSessionStore, sessionId, listPage, true)}>
          重试
        </Button>
      </div>
    );
  } else if (load !== 'ready') {
    body = (
      <div className="session-pad" data-testid="session-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (isEmpty && config.name !== 'brainstorm' && !files.query.isPending && files.files.length === 0) {
    // Nothing asked and no file yet: the way in is a file, so the drop zone is right here.
    body = (
      <div className="session-empty session-empty-upload" data-testid="session-empty-upload">
        <FileUpload<SessionFile>
          action={uploadUrl(config, sessionId)}
          schema={sessionFileParser}
          rules={config.upload}
          accept={config.accept}
          hint={config.uploadHint}
          multiple
          onUploaded={files.upsert}
        />
        <div className="session-empty-hint">{config.emptyHint}</div>
      </div>
    );
  } else if (isEmpty) {
    body = (
      <div className="session-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={config.emptyHint} />
      </div>
    );
  } else {
    body = <MessageList listPage={listPage} onRegenerate={onRegenerate} completion={completion} reattach={reattach} />;
  }

  const side = (
    <>
      <FilePanel
        config={config}
        sessionId={sessionId}
        files={files}
        onView={(f) => openSource({ fileId: f.file_id, fileName: f.name, page: 1, row: null, quote: '' })}
      />
      {config.name === 'brainstorm' ? <IdeaBoard sessionId={sessionId} /> : null}
    </>
  );

  const session = info.data?.session;
  const title = session?.session_name || (info.isPending ? '' : '未命名会话');
  return (
    <SessionActionsContext.Provider value={actions}>
      <SessionLayout
        config={config}
        activeId={sessionId}
        title={title}
        extra={session ? <SessionMenu config={config} sessionId={sessionId} name={session.session_name} /> : null}
        files={side}
        fileCount={files.files.length}
        filesLabel={config.name === 'brainstorm' ? '资料与想法' : '文件'}
      >
        <ThreadContext.Provider value={thread}>
          {session?.topic && config.name !== 'pdf' ? <div className="session-topic">主题：{session.topic}</div> : null}
          <div className="session-thread">{body}</div>
          <div className="session-bottom">
            {config.name === 'pdf' ? (
              <RecommendQuestions
                sessionId={sessionId}
                readyKey={readyKey}
                disabled={busy}
                onPick={(q) => ask(q, { action: 'ask', prompt: q })}
              />
            ) : null}
            <PromptChips config={config} sessionId={sessionId} filesKey={readyKey} disabled={busy} onPick={onPick} />
            {config.name === 'brainstorm' ? (
              <BrainstormToolbar
                method={chosenMethod}
                onMethod={setMethod}
                busy={busy}
                hasRounds={hasRounds}
                onRound={() => ask(`新一轮 · ${methodLabel(chosenMethod)}`, { action: 'round', method: chosenMethod })}
                onSummary={() => ask('生成总结与思维导图', { action: 'summary' })}
              />
            ) : null}
            {config.name === 'insight' ? (
              <InsightToolbar
                busy={busy}
                hasFiles={readyFiles.length > 0}
                onReport={(shown, text) => ask(shown, { action: 'report', ...(text ? { text } : {}) })}
              />
            ) : null}
            <ThreadComposer
              draftScope={`session:${config.name}`}
              busy={busy}
              onSend={onSend}
              onStop={() => stopAsking(useSessionStore, sessionId)}
            />
          </div>
        </ThreadContext.Provider>
      </SessionLayout>
      <SourceViewer
        module={config}
        sessionId={sessionId}
        chunkId={viewerTarget ? params.get('chunk') : null}
        target={viewerTarget ?? pastedSource}
        file={viewerTarget ? files.files.find((f) => f.file_id === viewerTarget.fileId) : undefined}
        onClose={closeViewer}
      />
    </SessionActionsContext.Provider>
  );
}

function methodLabel(method: BrainstormMethod): string {
  return brainstormMethodLabels[method];
}
