import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';
// remark-parse declares the parser's extension slots on unified's Data.
import type {} from 'remark-parse';

// Stateless syntax and tree extensions: built once, not on every render of every block.
const syntax = gfm();
const tree = gfmFromMarkdown();

/**
 * GitHub-flavoured markdown (tables, task lists, strikethrough, autolinks, footnotes) for reading
 * only. remark-gfm also registers the markdown *writer* extensions and their table formatter,
 * which a renderer never runs; leaving them out keeps them out of the chat chunk.
 */
export function remarkGfmParse(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(syntax);
  (data.fromMarkdownExtensions ??= []).push(tree);
}
