import { useEffect, useMemo, useRef } from 'react';
import rehypeSanitize from 'rehype-sanitize';
import { remarkGfmParse } from './remark-gfm-parse';
import type { Citation } from './citations';
import { useMarkdownExtras } from './extras';
import { MarkdownBlock, type MarkdownPipeline, type Pluggable, type PluginSet } from './markdown-block';
import { MarkdownGroup } from './markdown-group';
import { createComponents, type LinkClickHandler } from './markdown-components';
import { remarkCitations } from './remark-citations';
import { sanitizeSchema } from './sanitize-schema';
import { createBlockGrouper } from './group-blocks';
import { createBlockSplitter, hasDefinitions } from './split-blocks';
import { urlTransform } from './safe-url';
import './markdown.css';

export interface MarkdownProps {
  content: string;
  /** The answer is still arriving: its last block is re-rendered on every update, the rest is memoised. */
  streaming?: boolean;
  /** Sources of the answer; `[n]` marks link to `citations[n-1]`. */
  citations?: readonly Citation[];
  onLinkClick?: LinkClickHandler;
  className?: string;
}

const NO_CITATIONS: readonly Citation[] = [];
const SANITIZE: Pluggable = [rehypeSanitize, sanitizeSchema];

export function Markdown({
  content,
  streaming = false,
  citations = NO_CITATIONS,
  onLinkClick,
  className,
}: MarkdownProps) {
  const splitter = useMemo(createBlockSplitter, []);
  const { finished, tail } = useMemo(() => splitter(content, streaming), [splitter, content, streaming]);
  const grouper = useMemo(() => createBlockGrouper(), []);
  // Recomputed only when a block finishes, not on every streamed update.
  const groups = useMemo(() => grouper(finished), [grouper, finished]);
  const extras = useMarkdownExtras(finished, tail);
  const definitionsInFinished = useMemo(() => finished.some(hasDefinitions), [finished]);
  const whole = definitionsInFinished || hasDefinitions(tail);

  const linkClick = useRef(onLinkClick);
  useEffect(() => {
    linkClick.current = onLinkClick;
  }, [onLinkClick]);
  const components = useMemo(() => createComponents(() => linkClick.current), []);

  // Callers often pass a fresh array each render; only a change of sources should re-render blocks.
  const citationKey = JSON.stringify(citations.map(({ url, title }) => ({ url, title })));
  const stableCitations = useMemo(() => JSON.parse(citationKey) as Citation[], [citationKey]);

  // Each plugin set is its own memo, so that a block keeps its set, and is not rendered again,
  // when an extra it does not use arrives (markdown-block.tsx).
  const citationPlugin = useMemo<Pluggable>(() => [remarkCitations, { citations: stableCitations }], [stableCitations]);
  const live = useMemo<PluginSet>(
    () => ({ remarkPlugins: [remarkGfmParse, citationPlugin], rehypePlugins: [SANITIZE] }),
    [citationPlugin],
  );
  const plain = useMemo<PluginSet>(
    () => (extras.highlight ? { ...live, rehypePlugins: [SANITIZE, ...extras.highlight] } : live),
    [live, extras.highlight],
  );
  const liveMath = useMemo<PluginSet | null>(
    () =>
      extras.mathRemark && extras.mathRehype
        ? {
            // remark-math before the citation plugin, so `[1]` inside a formula stays part of it.
            remarkPlugins: [remarkGfmParse, ...extras.mathRemark, citationPlugin],
            rehypePlugins: [SANITIZE, ...extras.mathRehype],
          }
        : null,
    [citationPlugin, extras.mathRemark, extras.mathRehype],
  );
  const math = useMemo<PluginSet | null>(
    () =>
      liveMath && extras.highlight
        ? { ...liveMath, rehypePlugins: [SANITIZE, ...extras.highlight, ...(extras.mathRehype ?? [])] }
        : liveMath,
    [liveMath, extras.highlight, extras.mathRehype],
  );
  const pipeline = useMemo<MarkdownPipeline>(
    () => ({ plain, math, live, liveMath, components, urlTransform }),
    [plain, math, live, liveMath, components],
  );

  return (
    <div className={['md-root', streaming ? 'md-streaming' : '', className ?? ''].filter(Boolean).join(' ')}>
      {whole ? (
        <MarkdownBlock key="whole" text={content} pipeline={pipeline} />
      ) : (
        groups.map((blocks, g) => {
          const last = g === groups.length - 1;
          if (!blocks.length && !(last && tail)) return null;
          return last ? (
            <MarkdownGroup key={g} blocks={blocks} tail={tail} live={streaming} pipeline={pipeline} />
          ) : (
            <MarkdownGroup key={g} blocks={blocks} pipeline={pipeline} />
          );
        })
      )}
    </div>
  );
}
