import { lazy, Suspense } from 'react';
import type { MarkdownProps, SourcesListProps } from '../markdown';
import { afterFirstScreen } from '../../lib/first-screen-settled';

const loadMarkdown = () => import('../markdown');

const LazyMarkdown = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));
const LazySources = lazy(() => loadMarkdown().then((m) => ({ default: m.SourcesList })));

/**
 * Loads the renderer once the chat screen has its data and is idle, so the first answer does not
 * wait for it and the screen's own first paint and requests do not either. Returns a cleanup for
 * effects.
 */
export function preloadMarkdownWhenIdle(): () => void {
  return afterFirstScreen(() => void loadMarkdown().catch(() => undefined));
}

/**
 * The answer renderer as its own chunk: the chat screens paint without it, and the raw text is
 * shown for the moment it takes to arrive.
 */
export function AnswerMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<div className="chat-answer-raw">{props.content}</div>}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}

export function AnswerSources(props: SourcesListProps) {
  return (
    <Suspense fallback={null}>
      <LazySources {...props} />
    </Suspense>
  );
}
