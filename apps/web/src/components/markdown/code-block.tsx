import { useEffect, useRef, useState, type ReactNode } from 'react';

interface HastLike {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastLike[];
}

function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function languageOf(node: HastLike | undefined): string {
  const code = node?.children?.find((child) => child.tagName === 'code');
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

const COPIED_FEEDBACK_MS = 2000;

export function CodeBlock({ node, children }: { node?: HastLike; children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const language = languageOf(node);
  const copy = () => {
    const text = textOf(node).replace(/\n$/, '');
    void navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
      },
      () => setCopied(false),
    );
  };

  return (
    <div className="md-code">
      <div className="md-code-header">
        <span className="md-code-lang">{language}</span>
        <button type="button" className="md-code-copy" onClick={copy} aria-live="polite">
          {copied ? '已复制' : '复制'}
        </button>
      </div>
      <pre>{children}</pre>
    </div>
  );
}
