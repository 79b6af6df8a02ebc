import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorMessage } from '@portal/contract';
import { useChatStore } from '../../src/features/chat/store/chat-store';
import { createBackend, installChatDom, renderChat, resetChatState, textarea, type Backend } from './chat-harness';

beforeAll(installChatDom);
beforeEach(resetChatState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stopButton = () => document.querySelector<HTMLElement>('[data-testid="chat-stop"]');
const answerEl = () => document.querySelector<HTMLElement>('[data-testid="chat-answer"]:last-of-type');
const lastAnswer = () => [...document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')].at(-1);

async function askFromWelcome(backend: Backend, question = '你好') {
  const { router } = renderChat('/chatgpt/welcome', backend);
  await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
  fireEvent.change(textarea(), { target: { value: question } });
  fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
  const stream = await backend.nextStream();
  return { router, stream };
}

describe('asking in a chat module', { timeout: 90_000 }, () => {
  it('creates a conversation on the first question, opens it and streams increments into the answer', async () => {
    const backend = createBackend();
    const { router, stream } = await askFromWelcome(backend, '介绍一下你自己');

    const [create] = backend.calls('/api/chatgpt/conversation/create');
    expect(create?.body).toMatchObject({ title: '介绍一下你自己', model_type: 100, temperature: 1 });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/chatgpt/session?id=c1'),
    );
    expect(stream.path).toBe('/api/chatgpt/message/askStream');
    expect(stream.body).toEqual({ conv_id: 'c1', prompt: '介绍一下你自己', model_type: 100, temperature: 1 });
    expect(await screen.findByText('介绍一下你自己', { selector: '[data-testid="chat-question"]' })).toBeTruthy();
    expect(useChatStore.getState().sessions.c1?.isAsking).toBe(1);

    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '我是' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('我是'));
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '助手。' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('我是助手。'));
    expect(lastAnswer()?.dataset.status).toBe('generating');

    const usageBefore = backend.calls('/promptQueue/list').length;
    act(() =>
      stream.send('finish', {
        conv_id: 'c1',
        message_id: 'm2',
        user_message_id: 'm1',
        title: '自我介绍',
        status: 'done',
      }),
    );
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'));
    expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0);
    const [question, answer] = useChatStore.getState().sessions.c1?.list ?? [];
    expect(question?.message_id).toBe('m1');
    expect(answer?.message_id).toBe('m2');
    expect(answer?.content).toBe('我是助手。');
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('自我介绍'));
    // The usage counter is refreshed after each answer.
    await waitFor(() => expect(backend.calls('/promptQueue/list').length).toBeGreaterThan(usageBefore));
  });

  it('stop asks the server to stop the answer, closes the stream, keeps the partial text marked 已停止生成 and resets isAsking', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend);
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '一半的回答' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('一半的回答'));

    await waitFor(() => expect(stopButton()).toBeTruthy());
    fireEvent.click(stopButton()!);
    await waitFor(() => expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0));
    expect(stream.aborted).toBe(true);
    // Closing the stream alone would not stop it: answers outlive their client.
    await waitFor(() => expect(backend.stopped).toEqual(['m2']));
    expect(lastAnswer()?.dataset.status).toBe('aborted');
    expect(lastAnswer()?.textContent).toContain('一半的回答');
    expect(screen.getByText('已停止生成')).toBeTruthy();
    expect(useChatStore.getState().sessions.c1?.askAbortController).toBeNull();
  });

  it('Esc stops a running answer too, even before its first text: it is stopped once the stream names it', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend);
    await waitFor(() => expect(lastAnswer() && stopButton()).toBeTruthy());
    fireEvent.keyDown(textarea(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0));
    expect(lastAnswer()?.dataset.status).toBe('aborted');
    // The answer's id comes with the first event: the stream stays open until then, and is closed
    // once the server was asked to stop that answer.
    expect(backend.stopped).toEqual([]);
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '不显示' }));
    await waitFor(() => expect(backend.stopped).toEqual(['m2']));
    expect(stream.aborted).toBe(true);
    expect(lastAnswer()?.textContent).not.toContain('不显示');
  });

  it('an error event shows its message on the answer, keeps the partial text and offers 重新生成', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend, '写一首诗');
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '床前明月光' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('床前明月光'));
    act(() => stream.send('error', { message: '模型服务暂时不可用，请稍后再试', code: 5002 }));

    expect((await screen.findByText('模型服务暂时不可用，请稍后再试')).getAttribute('role')).toBe('alert');
    expect(lastAnswer()?.textContent).toContain('床前明月光');
    expect(lastAnswer()?.dataset.status).toBe('incomplete');
    expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0);

    fireEvent.click(screen.getByLabelText('重新生成'));
    const again = await backend.nextStream();
    expect(again.body).toMatchObject({ conv_id: 'c1', prompt: '写一首诗', regenerate: true });
    // The failed answer is replaced, the question stays once.
    await waitFor(() => expect(document.querySelectorAll('[data-testid="chat-answer"]').length).toBe(1));
    expect(document.querySelectorAll('[data-testid="chat-question"]').length).toBe(1);
    act(() => again.send('message', { conv_id: 'c1', message_id: 'm3', text: '疑是地上霜' }));
    act(() => again.send('finish', { conv_id: 'c1', message_id: 'm3', status: 'done' }));
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'));
    expect(lastAnswer()?.textContent).toContain('疑是地上霜');
    expect(lastAnswer()?.textContent).not.toContain('床前明月光');
  });

  it('a busy model answered as a 429 JSON error before any event shows its Chinese message', async () => {
    const backend = createBackend();
    const serve = backend.fetch;
    backend.fetch = (async (input, init) => {
      if (!String(input).endsWith('/message/askStream')) return serve(input, init);
      const busy = {
        code: 4029,
        message: '模型服务请求过于频繁，请稍后再试',
        data: { conv_id: 'c1', message_id: 'm2' },
      };
      return new Response(JSON.stringify(busy), { status: 429, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    renderChat('/chatgpt/welcome', backend);
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    fireEvent.change(textarea(), { target: { value: '你好' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });

    expect((await screen.findByText('模型服务请求过于频繁，请稍后再试')).getAttribute('role')).toBe('alert');
    expect(lastAnswer()?.dataset.status).toBe('incomplete');
    await waitFor(() => expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0));
  });

  it('a failure without a message shows 抱歉，回复超时，请重新提问', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend);
    act(() => stream.send('error', {}));
    expect(await screen.findByText(ErrorMessage.streamTimeout)).toBeTruthy();
    expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0);
  });

  it('a connection that drops mid-answer shows 抱歉，回复超时，请重新提问 under the kept text', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend);
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '开头' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('开头'));
    act(() => stream.close());
    expect(await screen.findByText(ErrorMessage.streamTimeout)).toBeTruthy();
    expect(lastAnswer()?.textContent).toContain('开头');
  });

  it('puts the cursor in the question box when the chat opens', async () => {
    renderChat('/chatgpt/welcome', createBackend());
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    await waitFor(() => expect(document.activeElement).toBe(textarea()));
  });

  it('Enter sends, Shift+Enter does not', async () => {
    const backend = createBackend();
    renderChat('/chatgpt/welcome', backend);
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    fireEvent.change(textarea(), { target: { value: '第一行' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter', shiftKey: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(backend.calls('/conversation/create')).toHaveLength(0);
    expect(textarea().value).toBe('第一行');
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.calls('/conversation/create')).toHaveLength(1));
  });

  it('asks a follow-up question in an open session with the conversation id', async () => {
    const backend = createBackend();
    const { stream } = await askFromWelcome(backend, '第一问');
    act(() => stream.send('finish', { conv_id: 'c1', message_id: 'm2', status: 'done' }));
    await waitFor(() => expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0));
    fireEvent.change(textarea(), { target: { value: '第二问' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    const second = await backend.nextStream();
    expect(second.body).toMatchObject({ conv_id: 'c1', prompt: '第二问' });
    expect(backend.calls('/conversation/create')).toHaveLength(1);
    expect(answerEl()).toBeTruthy();
  });

  it('refreshes an expired token through the HTTP client and asks again', async () => {
    const backend = createBackend();
    let expired = true;
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path === '/api/user/refreshToken') {
        expired = false;
        const token = (t: string) => ({ token: t, expire_at: Date.now() + 60_000 });
        return new Response(
          JSON.stringify({ code: 0, message: 'ok', data: { access_token: token('a2'), refresh_token: token('r2') } }),
        );
      }
      if (expired && (path.endsWith('/askStream') || path.endsWith('/promptQueue/list'))) {
        return new Response(JSON.stringify({ code: 1001, message: '登录凭证已过期', data: null }), { status: 401 });
      }
      return backend.fetch(input, init);
    }) as typeof fetch;
    renderChat('/chatgpt/welcome', { ...backend, fetch: fetchImpl });
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    fireEvent.change(textarea(), { target: { value: '过期了吗' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    const stream = await backend.nextStream();
    expect(stream.body).toMatchObject({ conv_id: 'c1', prompt: '过期了吗' });
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '没有' }));
    act(() => stream.send('finish', { conv_id: 'c1', message_id: 'm2', status: 'done' }));
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'));
    // One question on screen: the failed first attempt left nothing behind.
    expect(document.querySelectorAll('[data-testid="chat-question"]').length).toBe(1);
    expect(screen.queryByText(ErrorMessage.streamTimeout)).toBeNull();
  });
});
