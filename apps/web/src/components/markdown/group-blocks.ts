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
 * Groups blocks as they finish: while the blocks only grow, the new ones are added to the last run
 * and closed runs keep their arrays, so an update costs the same however long the answer is and a
 * memoised closed run does not render again. Other content starts over. There is always at least
 * one run (possibly empty), so that the live tail has one to join.
 */
export function createBlockGrouper(minChars = GROUP_MIN_CHARS): (blocks: readonly string[]) => string[][] {
  let seen: readonly string[] = [];
  let groups: string[][] = [[]];
  let size = 0;
  return (blocks) => {
    if (blocks.length < seen.length || seen.some((block, i) => blocks[i] !== block)) {
      seen = [];
      groups = [[]];
      size = 0;
    }
    if (blocks.length === seen.length) return groups;
    const next = groups.slice(0, -1);
    let last = [...(groups.at(-1) ?? [])];
    let previous = seen.at(-1);
    for (const block of blocks.slice(seen.length)) {
      if (size >= minChars && previous !== undefined && canEndBetween(previous, block)) {
        next.push(last);
        last = [];
        size = 0;
      }
      last.push(block);
      size += block.length;
      previous = block;
    }
    next.push(last);
    seen = blocks;
    groups = next;
    return groups;
  };
}
