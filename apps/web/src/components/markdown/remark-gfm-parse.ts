import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Processor } from 'unified';
// remark-parse declares the parser's extension slots on unified's Data.
import type {} from 'remark-parse';

function gfmPlugin(syntax: ReturnType<typeof gfm>, tree: ReturnType<typeof gfmFromMarkdown>) {
  return function (this: Processor): void {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(syntax);
    (data.fromMarkdownExtensions ??= []).push(tree);
  };
}

// Stateless syntax and tree extensions: built once, not on every render of every block.

/**
 * GitHub-flavoured markdown (tables, task lists, strikethrough, autolinks, footnotes) for reading
 * only. remark-gfm also registers the markdown *writer* extensions and their table formatter,
 * which a renderer never runs; leaving them out keeps them out of the chat chunk.
 */
export const remarkGfmParse = gfmPlugin(gfm(), gfmFromMarkdown());

/**
 * The same without autolink literals (bare `www.` / `http://` addresses and e-mail addresses),
 * for text that cannot contain one (mayHaveAutolinkLiteral). Their syntax tries to start an
 * e-mail address at every letter and digit, which made it most of the parser's time on the live
 * tail of a streamed answer; without a possible literal both give the same tree.
 */
export const remarkGfmParseWithoutAutolinkLiterals = gfmPlugin(
  combineExtensions([gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()]),
  [gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()],
);

/**
 * Every autolink literal contains one of these: `www.`, `http://` or `https://` (case-insensitive),
 * or the `@` of an e-mail address (also of `mailto:` and `xmpp:` ones).
 */
const AUTOLINK_LITERAL_MARK = /@|www\.|https?:\/\//i;

export function mayHaveAutolinkLiteral(text: string): boolean {
  return AUTOLINK_LITERAL_MARK.test(text);
}
