import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@portal/contract';
import { pollTiming, STALLED_TEXT } from '../src/components/thread';
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
  it('is polled from message/completion until it ends, growing on screen', async () => {
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
