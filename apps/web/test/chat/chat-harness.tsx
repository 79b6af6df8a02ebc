import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type {
  ChatMessage,
  ChatModelEntry,
  ChatModule,
  Conversation,
  FeedbackState,
  UsageStatus,
} from '@portal/contract';
import { ChatSessionPage, ChatWelcomePage } from '../../src/features/chat';
import { useChatStore } from '../../src/features/chat/store/chat-store';
import { defaultSettingsOfAll } from '../../src/features/chat/store/settings-slice';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { installTestClient } from '../../src/testing/install-test-client';

const encoder = new TextEncoder();

export interface FakeStream {
  path: string;
  body: Record<string, unknown>;
  send(event: string, data: unknown): void;
  close(): void;
  aborted: boolean;
}

export interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

interface BackendOptions {
  conversations?: Conversation[];
  messages?: Record<string, ChatMessage[]>;
  models?: ChatModelEntry[];
  usage?: UsageStatus;
  /** `message/completion`: the stored answer at the n-th poll of it (1-based). */
  completion?(messageId: string, call: number): ChatMessage | undefined;
  /** Prefixes whose `message/ask` is asynchronous (answers ids, then polled); elsewhere it streams. */
  asyncApis?: string[];
  /** `message/follow` streams (driven by the test like askStream); without it, it is refused. */
  follow?: boolean;
}

const envelope = (data: unknown, code = 0, message = 'ok') =>
  new Response(JSON.stringify({ code, message, data }), {
    status: code ? 400 : 200,
    headers: { 'content-type': 'application/json' },
  });

/** An in-memory chat server: JSON routes answer at once, each askStream stays open for the test to drive. */
export function createBackend(options: BackendOptions = {}) {
  const conversations = [...(options.conversations ?? [])];
  const messages = options.messages ?? {};
  const requests: Recorded[] = [];
  const streams: FakeStream[] = [];
  const feedback = new Map<string, FeedbackState>();
  let created = 0;
  let asked = 0;
  const stopped: string[] = [];
  let usageCalls = 0;
  const waiting: ((s: FakeStream) => void)[] = [];

  const openStream = (path: string, body: Record<string, unknown>, signal?: AbortSignal | null): Response => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream: FakeStream = {
      path,
      body,
      aborted: false,
      send: (event, data) => {
        const finish = data as { conv_id?: string; title?: string };
        // Like the server: a finish that names a title has stored it.
        if (event === 'finish' && finish.title) {
          const conv = conversations.find((c) => c.conv_id === finish.conv_id);
          if (conv) conv.title = finish.title;
        }
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
      close: () => controller.close(),
    };
    const readable = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal?.addEventListener('abort', () => {
      stream.aborted = true;
    });
    streams.push(stream);
    waiting.shift()?.(stream);
    return new Response(readable, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const path = url.pathname;
    requests.push({ method: init.method ?? 'GET', path, params: url.searchParams, body });
    const prefix = path.replace(/\/message\/[^/]+$/, '');
    const asyncApi = options.asyncApis?.includes(prefix) ?? false;
    if (path.endsWith('/message/askStream') || (path.endsWith('/message/ask') && !asyncApi)) {
      return openStream(path, body ?? {}, init.signal);
    }
    if (path.endsWith('/message/follow') && options.follow) return openStream(path, body ?? {}, init.signal);
    if (path.endsWith('/message/ask')) {
      asked += 1;
      // Like the server: the first answer names the conversation.
      const conv = conversations.find((c) => c.conv_id === body?.conv_id);
      if (conv && asked === 1) conv.title = '新标题';
      return envelope({
        conv_id: String(body?.conv_id),
        message_id: `a${asked}`,
        user_message_id: `q${asked}`,
        ...(asked === 1 ? { title: '新标题' } : {}),
      });
    }
    if (path.endsWith('/message/stop')) {
      stopped.push(String(body?.message_id));
      return envelope(null);
    }
    if (path.endsWith('/conversation/list')) {
      // Like the server: a page of 50 unless asked otherwise, newest first, and where the next starts.
      const size = Number(url.searchParams.get('page_size') ?? 50);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = Math.min(start + size, conversations.length);
      const more = end < conversations.length;
      return envelope({
        conv_list: conversations.slice(start, end),
        has_more: more,
        ...(more ? { next_cursor: String(end) } : {}),
      });
    }
    if (path.endsWith('/conversation/create')) {
      created += 1;
      const conv: Conversation = {
        conv_id: `c${created}`,
        title: String(body?.title ?? ''),
        type: 2,
        model_type: Number(body?.model_type ?? 0),
        last_prompt_temperature: Number(body?.temperature ?? 1),
      };
      conversations.unshift(conv);
      return envelope(conv);
    }
    if (path.endsWith('/conversation/update')) {
      const conv = conversations.find((c) => c.conv_id === body?.conv_id);
      if (conv) conv.title = String(body?.title);
      return envelope(null);
    }
    if (path.endsWith('/conversation/delete')) {
      const index = conversations.findIndex((c) => c.conv_id === body?.conv_id);
      if (index >= 0) conversations.splice(index, 1);
      return envelope(null);
    }
    if (path.endsWith('/message/list')) {
      // Like the server: page 1 is the newest page_size messages, each page oldest first.
      const all = messages[url.searchParams.get('conv_id') ?? ''] ?? [];
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 50);
      const end = Math.max(0, all.length - (page - 1) * size);
      const list = all.slice(Math.max(0, end - size), end);
      return envelope({ list, page, page_size: size, total: all.length, has_more: page * size < all.length });
    }
    if (path.endsWith('/message/completion')) {
      const id = url.searchParams.get('message_id') ?? '';
      const call = requests.filter((r) => r.path === path && r.params.get('message_id') === id).length;
      const found = options.completion?.(id, call);
      return found ? envelope(found) : envelope(null, 4000, '会话不存在');
    }
    if (path.endsWith('/promptQueue/list')) {
      usageCalls += 1;
      return envelope(
        options.usage ?? { total_cnt: 50, rest_usage_cnt: 50 - usageCalls, rest_recovery_duration: 0, list: [] },
      );
    }
    if (path.endsWith('/models')) return envelope(options.models ?? [{ id: 100, label: 'GPT-4.0', demo: false }]);
    if (path.startsWith('/api/feedback/')) {
      const id = String(body?.message_id);
      const action = path.split('/').pop();
      const current = feedback.get(id) ?? { message_id: id, feedback: null, copy_count: 0 };
      if (action === 'like' || action === 'dislike') current.feedback = action;
      if (action === 'unlike' || action === 'undislike') current.feedback = null;
      if (action === 'copy') current.copy_count += 1;
      feedback.set(id, current);
      return envelope(current);
    }
    return envelope(null, 4004, '接口不存在');
  };

  return {
    fetch: fetchImpl as typeof fetch,
    requests,
    streams,
    conversations,
    /** Message ids whose generation `message/stop` was asked to end. */
    stopped,
    calls: (suffix: string) => requests.filter((r) => r.path.endsWith(suffix)),
    nextStream: () =>
      new Promise<FakeStream>((resolve) => {
        const open = streams.find((s) => !(s as { taken?: boolean }).taken);
        if (open) {
          (open as { taken?: boolean }).taken = true;
          resolve(open);
        } else
          waiting.push((s) => {
            (s as { taken?: boolean }).taken = true;
            resolve(s);
          });
      }),
  };
}

export type Backend = ReturnType<typeof createBackend>;

export function installChatDom(): void {
  installDomPolyfills();
  // A busy two-core machine renders a chat screen in seconds, not milliseconds.
  configure({ asyncUtilTimeout: 15_000 });
  globalThis.IntersectionObserver ??= class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  Element.prototype.scrollTo ??= function scrollTo() {};
}

export function resetChatState(): void {
  localStorage.clear();
  useChatStore.setState({
    sessions: {},
    settings: defaultSettingsOfAll(),
  });
}

function moduleRoutes(name: ChatModule): RouteObject {
  return {
    path: `/${name}`,
    handle: { name },
    children: [
      { path: 'welcome', handle: { name: `${name}-welcome` }, element: <ChatWelcomePage /> },
      { path: 'session', handle: { name: `${name}-session` }, element: <ChatSessionPage /> },
    ],
  };
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The chat pages under a memory router, talking to the fake backend through the real HTTP client. */
export function renderChat(path: string, backend: Backend, client = testQueryClient()) {
  vi.stubGlobal('fetch', backend.fetch);
  installTestClient(backend.fetch, path);
  const router = createMemoryRouter(
    // The image mode's page stands in as a plain screen: the chat list only leads there.
    [
      moduleRoutes('chatgpt'),
      moduleRoutes('deepseek'),
      moduleRoutes('metaso'),
      { path: '/chatgpt/image', element: <div>图片创作</div> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <ConfigProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router, view, client };
}

export const message = (
  overrides: Partial<ChatMessage> & Pick<ChatMessage, 'message_id' | 'role' | 'content'>,
): ChatMessage => ({
  conv_id: 'c9',
  status: 'done',
  create_time: 1_700_000_000_000,
  ...overrides,
});

export function textarea(): HTMLTextAreaElement {
  const el = document.querySelector<HTMLTextAreaElement>('.chat-composer textarea');
  if (!el) throw new Error('no composer textarea');
  return el;
}
