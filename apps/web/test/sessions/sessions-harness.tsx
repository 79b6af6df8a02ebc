import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { DocStatusEntry, IdeaCard, Session, SessionFile, SessionMessage, SessionSlice } from '@portal/contract';
import { SessionPage, SessionWelcomePage } from '../../src/features/sessions';
import { useSessionStore } from '../../src/features/sessions/store/session-store';
import { installTestClient } from '../../src/testing/install-test-client';
import { installChatDom } from '../chat/chat-harness';

export { installChatDom };

const encoder = new TextEncoder();

export const hex = (n: number | string) => String(n).padStart(32, '0');

export interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export interface SessionStream {
  path: string;
  body: Record<string, unknown>;
  send(event: string, data: unknown): void;
  close(): void;
}

interface BackendOptions {
  sessions?: Session[];
  files?: SessionFile[];
  messages?: Record<string, SessionMessage[]>;
  /** `check_doc_status`: the n-th call's (1-based) entries for the asked files. */
  docStatus?(call: number, fileIds: string[]): DocStatusEntry[];
  /** `prompt/getCompletion`: the stored answer at the n-th poll of it. */
  completion?(messageId: string, call: number): SessionMessage | undefined;
  ideas?: IdeaCard[];
  /** `file/slice`: cited passages by chunk id (others are gone). */
  slices?: Record<string, SessionSlice>;
}

const envelope = (data: unknown, code = 0, message = 'ok') =>
  new Response(JSON.stringify({ code, message, data }), {
    status: code ? 400 : 200,
    headers: { 'content-type': 'application/json' },
  });

export const session = (id: string, name: string, module: Session['module'] = 'pdf'): Session => ({
  session_id: id,
  session_name: name,
  module,
  type: { brainstorm: 3, insight: 4, pdf: 5 }[module],
  topic: '',
  method: null,
  file_count: 0,
  create_time: 1_700_000_000_000,
  update_time: 1_700_000_000_000,
});

export const file = (id: string, overrides: Partial<SessionFile> = {}): SessionFile => ({
  file_id: id,
  session_id: hex(1),
  name: '年报.pdf',
  mime: 'application/pdf',
  size: 120_000,
  status: 'ready',
  reason: null,
  page_count: 12,
  chunk_count: 30,
  url: `/api/pdf/file/download?file_id=${id}`,
  create_time: 1_700_000_000_000,
  update_time: 1_700_000_000_000,
  ...overrides,
});

export const sessionMessage = (
  overrides: Partial<SessionMessage> & Pick<SessionMessage, 'message_id' | 'role' | 'content'>,
): SessionMessage => ({
  session_id: hex(1),
  kind: 'answer',
  citations: [],
  data: null,
  status: 'done',
  demo: false,
  create_time: 1_700_000_000_000,
  ...overrides,
});

/** An in-memory session server: JSON routes answer at once; each askStream stays open for the test to drive. */
export function createSessionBackend(options: BackendOptions = {}) {
  const sessions = [...(options.sessions ?? [])];
  const files = [...(options.files ?? [])];
  const messages = options.messages ?? {};
  const ideas = [...(options.ideas ?? [])];
  const requests: Recorded[] = [];
  const streams: SessionStream[] = [];
  let asked = 0;

  const openStream = (path: string, body: Record<string, unknown>): Response => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const readable = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    streams.push({
      path,
      body,
      send: (event, data) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      close: () => controller.close(),
    });
    return new Response(readable, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const path = url.pathname;
    requests.push({ method: init.method ?? 'GET', path, params: url.searchParams, body });
    const count = (suffix: string) => requests.filter((r) => r.path.endsWith(suffix)).length;
    if (path.endsWith('/prompt/askStream') || path.endsWith('/get_stream_recommend_question'))
      return openStream(path, body ?? {});
    if (path.endsWith('/file/download')) return new Response(new Blob(['%PDF-1.4']), { status: 200 });
    if (path.endsWith('/file/slice')) {
      const slice = options.slices?.[url.searchParams.get('chunk_id') ?? ''];
      return slice ? envelope(slice) : envelope(null, 4000, '资源不存在');
    }
    if (path.endsWith('/session/list')) return envelope({ session_list: sessions, total: sessions.length });
    if (path.endsWith('/session/create')) {
      const module = path.split('/')[2] as Session['module'];
      const created = { ...session(hex(`9${sessions.length}`), String(body?.session_name ?? ''), module) };
      sessions.unshift(created);
      return envelope(created);
    }
    if (path.endsWith('/session/update')) {
      const found = sessions.find((s) => s.session_id === body?.session_id);
      if (!found) return envelope(null, 4000, '会话不存在');
      found.session_name = String(body?.session_name);
      return envelope(found);
    }
    if (path.endsWith('/session/delete')) {
      const index = sessions.findIndex((s) => s.session_id === body?.session_id);
      if (index >= 0) sessions.splice(index, 1);
      return envelope(null);
    }
    if (path.endsWith('/session/info')) {
      const found = sessions.find((s) => s.session_id === url.searchParams.get('session_id'));
      return found ? envelope({ session: found, files }) : envelope(null, 4000, '会话不存在');
    }
    if (path.endsWith('/session/promptCompletions')) return envelope({ list: [] });
    if (path.endsWith('/message/list')) {
      const all = messages[url.searchParams.get('session_id') ?? ''] ?? [];
      return envelope({ list: all, page: 1, page_size: 40, total: all.length, has_more: false });
    }
    if (path.endsWith('/prompt/asyncAsk')) {
      asked += 1;
      return envelope({
        session_id: String(body?.session_id),
        message_id: hex(`a${asked}`),
        user_message_id: hex(`b${asked}`),
      });
    }
    if (path.endsWith('/prompt/getCompletion')) {
      const id = url.searchParams.get('message_id') ?? '';
      const call = requests.filter((r) => r.path === path && r.params.get('message_id') === id).length;
      const found = options.completion?.(id, call);
      return found ? envelope(found) : envelope(null, 4000, '消息不存在');
    }
    if (path.endsWith('/message/stop')) return envelope(null);
    if (path.endsWith('/file/list')) return envelope({ list: files });
    if (path.endsWith('/file/check_doc_status')) {
      const ids = (body?.file_ids as string[] | undefined) ?? files.map((f) => f.file_id);
      const list = options.docStatus?.(count('/file/check_doc_status'), ids) ?? [];
      const settled = list.every((e) => e.status === 'ready' || e.status === 'failed');
      return envelope({ list, settled });
    }
    if (path.endsWith('/file/reload')) {
      const found = files.find((f) => f.file_id === body?.file_id);
      return found ? envelope({ ...found, status: 'queued', reason: null }) : envelope(null, 4000, '文件不存在');
    }
    if (path.endsWith('/file/delete')) return envelope({ file_id: body?.file_id });
    if (path.endsWith('/idea/update')) {
      const card = ideas.find((c) => c.card_id === body?.card_id);
      if (!card) return envelope(null, 4000, '想法不存在');
      if (body?.state !== undefined) card.state = body.state as IdeaCard['state'];
      if (body?.rating !== undefined) card.rating = body.rating as number | null;
      return envelope(card);
    }
    if (path.endsWith('/idea/merge')) {
      const merged: IdeaCard = {
        card_id: 'merged',
        title: '合并的想法',
        pitch: '两者合一',
        why: '',
        risks: [],
        state: 'kept',
        rating: null,
        round: 1,
        source_card_ids: body?.card_ids as string[],
      };
      ideas.push(merged);
      return envelope(merged);
    }
    if (path.endsWith('/idea/list')) return envelope({ list: ideas });
    return envelope(null, 4004, '接口不存在');
  };

  return {
    fetch: fetchImpl as typeof fetch,
    requests,
    streams,
    calls: (suffix: string) => requests.filter((r) => r.path.endsWith(suffix)),
  };
}

export type SessionBackend = ReturnType<typeof createSessionBackend>;

export function resetSessionState(): void {
  localStorage.clear();
  useSessionStore.setState({ sessions: {}, extras: {} });
}

const moduleRoutes = (name: string): RouteObject => ({
  path: `/${name}`,
  children: [
    { path: 'welcome', element: <SessionWelcomePage /> },
    { path: 'session', element: <SessionPage /> },
  ],
});

/** The session pages under a memory router, talking to the fake backend through the real HTTP client. */
export function renderSessions(path: string, backend: SessionBackend) {
  vi.stubGlobal('fetch', backend.fetch);
  installTestClient(backend.fetch, path);
  const router = createMemoryRouter(['brainstorm', 'insight', 'pdf'].map(moduleRoutes), { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ConfigProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router, view, client };
}

/** Opens the files (and, in brainstorm, the kept ideas) drawer of a session page below wide desktop widths. */
export async function openFiles(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: /(?:^|\s)(文件|资料与想法)(\s\d+)?$/ }));
}
