import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@portal/contract';
import { createBackend, installChatDom, renderChat, resetChatState } from './chat-harness';

beforeAll(installChatDom);
beforeEach(resetChatState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 120 conversations, newest first as the server lists them. */
const many = (): Conversation[] =>
  Array.from({ length: 120 }, (_, i) => ({
    conv_id: `c${i}`,
    title: `对话 ${i}`,
    type: 2,
    model_type: 100,
    last_prompt_temperature: 1,
  }));

const items = () => document.querySelectorAll('.chat-conv-list .chat-conv-item').length;
const listCalls = (backend: ReturnType<typeof createBackend>) => backend.calls('/api/chatgpt/conversation/list');

/** Puts the scrolled list `fromEnd` pixels from its end, as jsdom lays nothing out. */
function scrollList(fromEnd: number) {
  const list = document.querySelector<HTMLElement>('.chat-sidebar-list')!;
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 5_000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 600 });
  list.scrollTop = 5_000 - 600 - fromEnd;
  fireEvent.scroll(list);
}

describe('the conversation list in pages', { timeout: 90_000 }, () => {
  it('shows the first page, and asks for the next one when scrolled near its end', async () => {
    const backend = createBackend({ conversations: many() });
    renderChat('/chatgpt/welcome', backend);
    await screen.findByText('对话 49', { selector: '.chat-conv-title' });
    expect(items()).toBe(50);
    expect(listCalls(backend)).toHaveLength(1);
    expect(listCalls(backend)[0]!.params.get('cursor')).toBeNull();

    // Far from the end: nothing more is asked for.
    scrollList(2_000);
    expect(listCalls(backend)).toHaveLength(1);

    scrollList(50);
    scrollList(10);
    await screen.findByText('对话 99', { selector: '.chat-conv-title' });
    expect(listCalls(backend)).toHaveLength(2);
    expect(listCalls(backend)[1]!.params.get('cursor')).toBe('50');
    expect(items()).toBe(100);
  });

  it('loads the rest from the keyboard too, and offers no more once all are there', async () => {
    const backend = createBackend({ conversations: many() });
    renderChat('/chatgpt/welcome', backend);
    await screen.findByText('对话 49', { selector: '.chat-conv-title' });
    for (const last of ['对话 99', '对话 119']) {
      const button = screen.getByRole('button', { name: '加载更多' });
      button.focus();
      expect(document.activeElement).toBe(button);
      fireEvent.click(button);
      await screen.findByText(last, { selector: '.chat-conv-title' });
    }
    expect(items()).toBe(120);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('a conversation opened by its address beyond the first page is looked for in the next pages', async () => {
    const backend = createBackend({ conversations: many() });
    renderChat('/chatgpt/session?id=c110', backend);
    await waitFor(() =>
      expect(document.querySelector('.chat-conv-item[data-active]')?.textContent).toContain('对话 110'),
    );
    expect(listCalls(backend).map((c) => c.params.get('cursor'))).toEqual([null, '50', '100']);
  });
});
