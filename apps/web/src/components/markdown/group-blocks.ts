/**
 * Groups the finished blocks of an answer into runs of at least `minChars` characters, so that a
 * screen can let the browser skip a whole run while it is off screen (CSS content-visibility)
 * instead of every block on its own: a long answer then has a few such boundaries, not hundreds,
 * and few of them change state as the answer grows.
 *
 * Skipping makes a run a layout boundary, across which margins no longer collapse. A run therefore
 * ends only between two plain blocks (paragraphs, lists, quotes, headings), where the collapsed
 * margin is the next block's top margin anyway; markdown.css drops the bottom margin of a run's
 * last block, so the space between blocks stays what it was.
 */

/** About a screenful of text. */
export const GROUP_MIN_CHARS = 2000;

const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/**
 * Lines that start an element with other margins than a paragraph's: a thematic break or setext
 * underline, a fence, display math, HTML. A pipe may be part of a table.
 */
const SPECIAL_LINE = /^ {0,3}(?:([-*_=])[ \t]*(?:\1[ \t]*){2,}$|`{3,}|~{3,}|\$\$|\\\[|<)|\|/m;
const INDENTED_CODE = /^(?: {4}|\t)/;

/** A paragraph, list, quote or heading, with nothing inside that has margins of its own. */
function isPlain(block: string): boolean {
  return !INDENTED_CODE.test(block) && !SPECIAL_LINE.test(block);
}

/** The boundary keeps the spacing: the first block's bottom margin is at most the second's top. */
function canEndBetween(before: string, after: string): boolean {
  // A heading's bottom margin is in its own, larger font size.
  return isPlain(before) && !HEADING.test(before) && isPlain(after);
}

/**
 * The blocks in runs, in order; always at least one run (possibly empty) so that the live tail
 * has one to join.
 */
export function groupBlocks(blocks: readonly string[], minChars = GROUP_MIN_CHARS): string[][] {
  const groups: string[][] = [[]];
  let size = 0;
  let previous: string | undefined;
  for (const block of blocks) {
    if (size >= minChars && previous !== undefined && canEndBetween(previous, block)) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1]!.push(block);
    size += block.length;
    previous = block;
  }
  return groups;
}
