import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatModels, type ChatMessage, type ChatModelEntry } from '@portal/contract';
import { pollTiming } from '../../src/components/thread';
import { useChatStore } from '../../src/features/chat/store/chat-store';
import { createBackend, installChatDom, message, renderChat, resetChatState, textarea } from './chat-harness';

const saved = { ...pollTiming };
beforeAll(installChatDom);
beforeEach(() => {
  resetChatState();
  pollTiming.intervalMs = 30;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(pollTiming, saved);
});

// The chatgpt module's models as the server lists them, ERNIE and GLM included.
const models: ChatModelEntry[] = chatModels.chatgpt.models.map((m) => ({ id: m.id, label: m.label, demo: false }));
const modelId = (label: string) => chatModels.chatgpt.models.find((m) => m.label === label)!.id;
const ERNIE = modelId('ERNIE 4.0');
const GLM = modelId('GLM-4');
const lastAnswer = () => [...document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')].at(-1);

async function askWithModel(backend: ReturnType<typeof createBackend>, model: number, question: string) {
  renderChat('/chatgpt/welcome', backend);
  await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
  act(() => useChatStore.getState().setSettings('chatgpt', { modelType: model }));
  await waitFor(() =>
    expect(screen.getByTestId('chat-model-select').textContent).toContain(models.find((m) => m.id === model)!.label),
  );
  fireEvent.change(textarea(), { target: { value: question } });
  fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
}

const growing = (parts: string[], id: string, call: number): ChatMessage =>
  message({
    message_id: id,
    conv_id: 'c1',
    role: 'assistant',
    content: parts.slice(0, Math.min(call, parts.length)).join(''),
    status: call >= parts.length ? 'done' : 'generating',
  });

describe('ERNIE and GLM in the chatgpt module', { timeout: 90_000 }, () => {
  it('ERNIE asks /api/ernie/message/ask and shows the answer growing by polling its completion', async () => {
    const parts = ['文心', '一言', '为您服务。'];
    const backend = createBackend({
      models,
      asyncApis: ['/api/ernie'],
      completion: (id, call) => growing(parts, id, call),
    });
    const seen = new Set<string>();
    const unsubscribe = useChatStore.subscribe((s) => {
      const content = s.sessions.c1?.list.at(-1)?.content;
      if (content) seen.add(content);
    });
    await askWithModel(backend, ERNIE, '你是谁？');

    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'), { timeout: 20_000 });
    unsubscribe();
    expect(lastAnswer()?.textContent).toContain('文心一言为您服务。');
    // The conversation is the chatgpt module's; its message calls go to ERNIE's own prefix.
    expect(backend.calls('/api/chatgpt/conversation/create')[0]?.body).toMatchObject({ model_type: ERNIE });
    expect(backend.calls('/api/ernie/message/ask')[0]?.body).toEqual({
      conv_id: 'c1',
      prompt: '你是谁？',
      model_type: ERNIE,
      temperature: 1,
    });
    expect(backend.calls('/api/chatgpt/message/askStream')).toHaveLength(0);
    const polls = backend.calls('/api/ernie/message/completion');
    expect(polls.length).toBeGreaterThanOrEqual(parts.length);
    expect(polls.every((r) => r.params.get('message_id') === 'a1')).toBe(true);
    // It grew on screen: the partial answers were shown before the whole one.
    expect([...seen]).toEqual(expect.arrayContaining(['文心', '文心一言', '文心一言为您服务。']));
    const [question, answer] = useChatStore.getState().sessions.c1?.list ?? [];
    expect(question?.message_id).toBe('q1');
    expect(answer?.message_id).toBe('a1');
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('新标题'));
  });

  it('stopping an ERNIE answer asks the server to stop it and keeps the text as 已停止生成', async () => {
    const backend = createBackend({
      models,
      asyncApis: ['/api/ernie'],
      completion: (id, call) =>
        growing(
          Array.from({ length: 1000 }, () => '字'),
          id,
          call,
        ),
    });
    await askWithModel(backend, ERNIE, '写长文');
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('字'), { timeout: 20_000 });
    fireEvent.click(await screen.findByTestId('chat-stop'));
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('aborted'), { timeout: 20_000 });
    expect(backend.stopped).toEqual(['a1']);
    expect(screen.getByText('已停止生成')).toBeTruthy();
    expect(useChatStore.getState().sessions.c1?.isAsking).toBe(0);
  });

  it('GLM streams from /api/zhipu/message/ask', async () => {
    const backend = createBackend({ models });
    await askWithModel(backend, GLM, '你好');
    const stream = await backend.nextStream();
    expect(stream.path).toBe('/api/zhipu/message/ask');
    expect(stream.body).toMatchObject({ conv_id: 'c1', prompt: '你好', model_type: GLM });
    act(() => stream.send('message', { conv_id: 'c1', message_id: 'm2', text: '智谱' }));
    act(() => stream.send('finish', { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1', status: 'done' }));
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'));
    expect(lastAnswer()?.textContent).toContain('智谱');
  });

  it('an ERNIE conversation loads its messages from /api/ernie/message/list', async () => {
    const backend = createBackend({
      models,
      conversations: [{ conv_id: 'c7', title: '文心会话', type: 2, model_type: ERNIE, last_prompt_temperature: 1 }],
      messages: {
        c7: [
          message({ conv_id: 'c7', message_id: 'q1', role: 'user', content: '问题' }),
          message({ conv_id: 'c7', message_id: 'a1', role: 'assistant', content: '文心的回答' }),
        ],
      },
    });
    renderChat('/chatgpt/session?id=c7', backend);
    expect(await screen.findByText('文心的回答')).toBeTruthy();
    expect(backend.calls('/api/ernie/message/list')[0]?.params.get('conv_id')).toBe('c7');
    expect(backend.calls('/api/chatgpt/message/list')).toHaveLength(0);
  });
});
