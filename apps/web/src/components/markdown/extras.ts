import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { hasFencedCode, hasMath } from './math-delimiters';
import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['rehypePlugins']>;

/**
 * Code highlighting and math are heavy; they are fetched only when an answer needs them and
 * shared by every Markdown instance once loaded.
 */
export interface MarkdownExtras {
  highlight: PluggableList | null;
  mathRemark: PluggableList | null;
  mathRehype: PluggableList | null;
}

let extras: MarkdownExtras = { highlight: null, mathRemark: null, mathRehype: null };
let highlightLoad: Promise<void> | null = null;
let mathLoad: Promise<void> | null = null;
const listeners = new Set<() => void>();

function update(patch: Partial<MarkdownExtras>): void {
  extras = { ...extras, ...patch };
  for (const listener of listeners) listener();
}

export function loadHighlight(): Promise<void> {
  highlightLoad ??= import('rehype-highlight')
    .then(({ default: rehypeHighlight }) => {
      // The attacher builds a new highlighter, dropping its compiled grammars, and react-markdown
      // attaches plugins on every render: build it once and hand out the same transformer.
      const transform = rehypeHighlight({ detect: false });
      update({ highlight: [() => transform] });
    })
    .catch(() => {
      // Plain code blocks stay readable; allow a later answer to try again.
      highlightLoad = null;
    });
  return highlightLoad;
}

export function loadMath(): Promise<void> {
  mathLoad ??= Promise.all([import('remark-math'), import('rehype-katex'), import('katex/dist/katex.min.css')])
    .then(([{ default: remarkMath }, { default: rehypeKatex }]) =>
      update({ mathRemark: [remarkMath], mathRehype: [[rehypeKatex, { throwOnError: false, strict: 'ignore' }]] }),
    )
    .catch(() => {
      mathLoad = null;
    });
  return mathLoad;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => extras;

/**
 * Current extras; starts loading the ones the answer needs. Finished blocks are checked once
 * each, the live tail on every update, and nothing once the extra is loaded.
 */
export function useMarkdownExtras(finished: readonly string[], tail: string): MarkdownExtras {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const inFinished = useMemo(() => ({ code: finished.some(hasFencedCode), math: finished.some(hasMath) }), [finished]);
  const needsCode = !current.highlight && (inFinished.code || hasFencedCode(tail));
  const needsMath = !current.mathRemark && (inFinished.math || hasMath(tail));
  useEffect(() => {
    if (needsCode) void loadHighlight();
  }, [needsCode]);
  useEffect(() => {
    if (needsMath) void loadMath();
  }, [needsMath]);
  return current;
}
