import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@portal/contract';
import { pollTiming, STALLED_TEXT } from '../../src/components/thread';
import { useChatStore } from '../../src/features/chat/store/chat-store';
import { createBackend, installChatDom, message, renderChat, resetChatState } from './chat-harness';

const saved = { ...pollTiming };
beforeAll(installChatDom);
beforeEach(() => {
  resetChatState();
  pollTiming.intervalMs = 30;
  pollTiming.staleAfterMs = 600;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(pollTiming, saved);
});

const conversation: Conversation = {
  conv_id: 'c9',
  title: '进行中',
  type: 2,
  model_type: 100,
  last_prompt_temperature: 1,
};
const question = message({ message_id: 'q1', role: 'user', content: '写一首诗' });
const generating = message({ message_id: 'a1', role: 'assistant', content: '床前', status: 'generating' });
const lastAnswer = () => [...document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')].at(-1);

describe('an answer loaded as generating', { timeout: 90_000 }, () => {
  it('follows it through message/follow: the text so far, the rest live, then the stored answer', async () => {
    const backend = createBackend({
      conversations: [conversation],
      messages: { c9: [question, generating] },
      follow: true,
      completion: (id): ChatMessage => ({
        ...generating,
        message_id: id,
        content: '床前明月光，疑是地上霜。',
        status: 'done',
      }),
    });
    renderChat('/chatgpt/session?id=c9', backend);
    const stream = await backend.nextStream();
    expect(stream.path).toBe('/api/chatgpt/message/follow');
    expect(stream.body).toEqual({ message_id: 'a1' });
    // Re-attached like an ask: the answer is busy, with 停止.
    await waitFor(() => expect(useChatStore.getState().sessions.c9?.isAsking).toBe(1));
    act(() => stream.send('message', { message_id: 'a1', text: '床前明月光，', replace: true }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('床前明月光，'));
    expect(lastAnswer()?.textContent).not.toContain('床前床前');
    act(() => stream.send('message', { message_id: 'a1', text: '疑是' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('床前明月光，疑是'));
    act(() => stream.send('finish', { message_id: 'a1', status: 'done' }));
    act(() => stream.close());
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'));
    // The final text is the stored one.
    expect(lastAnswer()?.textContent).toContain('床前明月光，疑是地上霜。');
    expect(useChatStore.getState().sessions.c9?.isAsking).toBe(0);
    expect(screen.getByLabelText('重新生成')).toBeTruthy();
  });

  it('stops a followed answer on the server with 停止', async () => {
    const backend = createBackend({
      conversations: [conversation],
      messages: { c9: [question, generating] },
      follow: true,
      completion: () => generating,
    });
    renderChat('/chatgpt/session?id=c9', backend);
    const stream = await backend.nextStream();
    act(() => stream.send('message', { message_id: 'a1', text: '床前明月光', replace: true }));
    const stop = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="chat-stop"]');
      expect(button).toBeTruthy();
      return button!;
    });
    fireEvent.click(stop);
    await waitFor(() => expect(backend.stopped).toEqual(['a1']));
    expect(stream.aborted).toBe(true);
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('aborted'));
    expect(lastAnswer()?.textContent).toContain('床前明月光');
  });

  it('is polled from message/completion when it cannot be followed, growing on screen', async () => {
    const parts = ['床前', '床前明月光，', '床前明月光，疑是地上霜。'];
    const backend = createBackend({
      conversations: [conversation],
      messages: { c9: [question, generating] },
      completion: (id, call): ChatMessage => ({
        ...generating,
        message_id: id,
        content: parts[Math.min(call, parts.length) - 1] ?? '',
        status: call >= parts.length ? 'done' : 'generating',
      }),
    });
    renderChat('/chatgpt/session?id=c9', backend);

    await waitFor(() => expect(lastAnswer()?.textContent).toContain('床前明月光，'), { timeout: 20_000 });
    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('done'), { timeout: 20_000 });
    expect(lastAnswer()?.textContent).toContain('疑是地上霜。');
    const polls = backend.calls('/api/chatgpt/message/completion');
    expect(polls.every((r) => r.params.get('message_id') === 'a1')).toBe(true);
    // Finished: no more polls.
    const count = polls.length;
    await new Promise((r) => setTimeout(r, pollTiming.intervalMs * 5));
    expect(backend.calls('/api/chatgpt/message/completion').length).toBe(count);
    // Actions appear once it is done.
    expect(screen.getByLabelText('重新生成')).toBeTruthy();
  });

  it('is shown as incomplete, with regenerate and copy, when it stops growing', async () => {
    const backend = createBackend({
      conversations: [conversation],
      messages: { c9: [question, generating] },
      completion: () => generating,
    });
    renderChat('/chatgpt/session?id=c9', backend);

    await waitFor(() => expect(lastAnswer()?.dataset.status).toBe('incomplete'), { timeout: 20_000 });
    expect(lastAnswer()?.textContent).toContain('床前');
    expect(screen.getByText(STALLED_TEXT)).toBeTruthy();
    expect(screen.getByLabelText('重新生成')).toBeTruthy();
    expect(screen.getByLabelText('复制')).toBeTruthy();
  });
});
