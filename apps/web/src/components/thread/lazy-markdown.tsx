import { useEffect, useSyncExternalStore } from 'react';
import type { MarkdownProps, SourcesListProps } from '../markdown';
import { afterFirstScreen } from '../../lib/first-screen-settled';

type MarkdownModule = typeof import('../markdown');

/**
 * The renderer once loaded. Not React.lazy: a lazy component suspends on its first render even
 * when its chunk has long been loaded, and React then holds the rendered answer back for some
 * 300 ms (Suspense's reveal throttle) with the raw text shown. Read from here, an answer is
 * formatted in its first render whenever the renderer is loaded, and at once when it arrives.
 */
let loaded: MarkdownModule | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The renderer, loading it on first use; undefined until it has arrived (or when it failed to). */
function useRenderer(): MarkdownModule | undefined {
  const renderer = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    // A failed load leaves the raw text; the next screen that needs the renderer asks again.
    if (!renderer) preloadMarkdown();
  }, [renderer]);
  return renderer;
}

/** Loads the renderer now; its first arrival re-renders the answers waiting for it. */
export function preloadMarkdown(): void {
  void import('../markdown').then(
    (renderer) => {
      if (loaded) return;
      loaded = renderer;
      for (const listener of listeners) listener();
    },
    () => undefined,
  );
}

/**
 * Loads the renderer for a screen of answers. One opened on stored answers (a conversation, a
 * session) loads it at once, to evaluate it while their request is under way rather than show
 * their raw text after they arrived (a chat conversation opened by its address has had it
 * fetched with the screen's chunks: vite.config.ts). Other screens (a new conversation) load it
 * once they have their data and are idle, so their first paint and requests do not wait for it.
 */
export function useMarkdownPreload(storedAnswers: boolean): void {
  useEffect(() => (storedAnswers ? preloadMarkdown() : afterFirstScreen(preloadMarkdown)), [storedAnswers]);
}

/**
 * The answer renderer as its own chunk: the chat screens paint without it, and the raw text is
 * shown for the moment it takes to arrive.
 */
export function AnswerMarkdown(props: MarkdownProps) {
  const renderer = useRenderer();
  return renderer ? <renderer.Markdown {...props} /> : <div className="chat-answer-raw">{props.content}</div>;
}

export function AnswerSources(props: SourcesListProps) {
  const renderer = useRenderer();
  return renderer ? <renderer.SourcesList {...props} /> : null;
}
