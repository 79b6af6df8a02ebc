import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type LazyMarkdown = typeof import('../../src/components/thread/lazy-markdown');

// Each test starts with the renderer not loaded yet, as a fresh page does.
let thread: LazyMarkdown;
beforeEach(async () => {
  vi.resetModules();
  thread = await import('../../src/components/thread/lazy-markdown');
});
afterEach(cleanup);

const ANSWER = '**要点**：先看数据';

describe('an answer while the markdown renderer loads', () => {
  it('shows the raw text until the renderer has loaded, then the formatted answer', async () => {
    const { container } = render(<thread.AnswerMarkdown content={ANSWER} />);
    expect(container.querySelector('.chat-answer-raw')?.textContent).toBe(ANSWER);
    await waitFor(() => expect(container.querySelector('.md-root strong')?.textContent).toBe('要点'));
    expect(container.querySelector('.chat-answer-raw')).toBeNull();
  });

  it('is formatted in its first render once the renderer was preloaded, with no raw text shown', async () => {
    thread.preloadMarkdown();
    // The preload's own continuation runs before this one: both wait on the same module.
    await import('../../src/components/markdown');
    await Promise.resolve();

    const { container } = render(<thread.AnswerMarkdown content={ANSWER} />);
    // Checked at once: a component that suspended first would show the raw text here.
    expect(container.querySelector('.chat-answer-raw')).toBeNull();
    expect(container.querySelector('.md-root strong')?.textContent).toBe('要点');
  });
});
