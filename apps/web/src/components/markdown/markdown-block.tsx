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
  plain: PluginSet;
  /** Set once the math plugins are loaded; used only by blocks that contain math. */
  math: PluginSet | null;
  /** For the live tail: no syntax highlighting until its code block is complete. */
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

/**
 * One top-level block. Memoised: a finished block re-renders only when the pipeline changes.
 * Math parsing is limited to blocks that look like math so that prices such as "$5 and $10"
 * elsewhere in the answer stay text. Highlighting a code block that grows on every update is
 * the most expensive part of streaming, so the live tail shows its code plain until it is done.
 * Text without a possible autolink literal is parsed without that costly syntax (same output).
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  pipeline,
  live = false,
}: {
  text: string;
  pipeline: MarkdownPipeline;
  live?: boolean;
}) {
  const math = live ? pipeline.liveMath : pipeline.math;
  const withMath = math !== null && hasMath(text);
  const plugins = withMath && math ? math : live ? pipeline.live : pipeline.plain;
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
});
