import { memo } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import { hasMath, normalizeMathDelimiters } from './math-delimiters';
import { mayHaveAutolinkLiteral, remarkGfmParse, remarkGfmParseWithoutAutolinkLiterals } from './remark-gfm-parse';

export type Pluggable = NonNullable<Options['remarkPlugins']>[number];

export interface PluginSet {
  remarkPlugins: NonNullable<Options['remarkPlugins']>;
  rehypePlugins: NonNullable<Options['rehypePlugins']>;
}

export interface MarkdownPipeline {
  /** With syntax highlighting once it is loaded; used only by finished blocks with fenced code. */
  plain: PluginSet;
  /** Set once the math plugins are loaded; used only by blocks that contain math. */
  math: PluginSet | null;
  /**
   * Without highlighting: for the live tail (its code stays plain until it is complete) and for
   * blocks without fenced code, which the highlighter would leave as they are.
   */
  live: PluginSet;
  liveMath: PluginSet | null;
  components: NonNullable<Options['components']>;
  urlTransform: NonNullable<Options['urlTransform']>;
}

type RemarkPlugins = PluginSet['remarkPlugins'];

const withoutLiterals = new WeakMap<RemarkPlugins, RemarkPlugins>();

/** The same remark plugins with the GFM parser that skips autolink literals. */
function withoutAutolinkLiterals(plugins: RemarkPlugins): RemarkPlugins {
  let lighter = withoutLiterals.get(plugins);
  if (!lighter) {
    lighter = plugins.map((plugin) => (plugin === remarkGfmParse ? remarkGfmParseWithoutAutolinkLiterals : plugin));
    withoutLiterals.set(plugins, lighter);
  }
  return lighter;
}

/** Every fenced code block, wherever it starts (also inside a list item or a quote), has one. */
const FENCE_MARK = /`{3}|~{3}/;

interface BlockProps {
  text: string;
  pipeline: MarkdownPipeline;
  live?: boolean;
}

/** The plugins a block renders with, and whether they are a math set. */
function pluginsOf({ text, pipeline, live = false }: BlockProps): { plugins: PluginSet; withMath: boolean } {
  const plain = live || !FENCE_MARK.test(text);
  const math = plain ? pipeline.liveMath : pipeline.math;
  if (math !== null && hasMath(text)) return { plugins: math, withMath: true };
  return { plugins: plain ? pipeline.live : pipeline.plain, withMath: false };
}

/**
 * A block renders again only when its output can change: its text, or the plugins it uses. The
 * highlighter arriving mid-answer then re-renders the blocks with code, not every finished block,
 * and a tail that becomes a finished block with the same text keeps its elements.
 */
function sameOutput(before: BlockProps, after: BlockProps): boolean {
  return (
    before.text === after.text &&
    before.pipeline.components === after.pipeline.components &&
    before.pipeline.urlTransform === after.pipeline.urlTransform &&
    pluginsOf(before).plugins === pluginsOf(after).plugins
  );
}

/**
 * One top-level block. Memoised (sameOutput): a finished block does not render again while the
 * answer streams. Math parsing is limited to blocks that look like math so that prices such as
 * "$5 and $10" elsewhere in the answer stay text. Highlighting a code block that grows on every
 * update is the most expensive part of streaming, so the live tail shows its code plain until it
 * is done. Text without a possible autolink literal is parsed without that costly syntax (same
 * output).
 */
export const MarkdownBlock = memo(function MarkdownBlock(props: BlockProps) {
  const { text, pipeline } = props;
  const { plugins, withMath } = pluginsOf(props);
  return (
    <ReactMarkdown
      remarkPlugins={
        mayHaveAutolinkLiteral(text) ? plugins.remarkPlugins : withoutAutolinkLiterals(plugins.remarkPlugins)
      }
      rehypePlugins={plugins.rehypePlugins}
      components={pipeline.components}
      urlTransform={pipeline.urlTransform}
    >
      {withMath ? normalizeMathDelimiters(text) : text}
    </ReactMarkdown>
  );
}, sameOutput);
