import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/components/markdown';
import { createBlockGrouper } from '../../src/components/markdown/group-blocks';

/** One pass over all the blocks. */
const groupBlocks = (blocks: readonly string[], minChars?: number) => createBlockGrouper(minChars)(blocks);
import { splitBlocks } from '../../src/components/markdown/split-blocks';

afterEach(cleanup);

const paragraph = (n: number) => `Paragraph ${n} ${'text '.repeat(8)}\n\n`;

describe('groupBlocks', () => {
  it('starts a new group between plain blocks once a group holds enough text', () => {
    const blocks = [paragraph(1), paragraph(2), paragraph(3), paragraph(4), paragraph(5)];
    const groups = groupBlocks(blocks, paragraph(1).length * 2);
    expect(groups).toEqual([blocks.slice(0, 2), blocks.slice(2, 4), blocks.slice(4)]);
  });

  it('keeps everything in one group when no boundary keeps the spacing', () => {
    const blocks = ['```js\nconst a = 1;\n```\n\n', '| a | b |\n| - | - |\n| 1 | 2 |\n\n', '---\n\n', 'After.\n\n'];
    expect(groupBlocks(blocks, 1)).toEqual([blocks]);
  });

  it('never ends a group after a heading, a table, a fence or a thematic break', () => {
    const min = 1;
    expect(groupBlocks(['## Heading\n', 'Text.\n\n'], min)).toHaveLength(1);
    expect(groupBlocks(['Text.\n\n', '## Heading\n'], min)).toHaveLength(2);
    expect(groupBlocks(['- a\n- b\n\n', '> quote\n\n'], min)).toHaveLength(2);
    expect(groupBlocks(['Text\n***\n\n', 'More.\n\n'], min)).toHaveLength(1);
    expect(groupBlocks(['Text.\n\n', '    indented code\n\n'], min)).toHaveLength(1);
    expect(groupBlocks(['Text.\n\n', '$$\nx\n$$\n\n'], min)).toHaveLength(1);
  });

  it('groups incrementally as in one pass, keeping the arrays of closed groups', () => {
    const blocks = Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? `## Part ${i}\n` : paragraph(i)));
    const min = paragraph(1).length * 2;
    const group = createBlockGrouper(min);
    let before: string[][] = [];
    for (let n = 0; n <= blocks.length; n++) {
      const groups = group(blocks.slice(0, n));
      expect(groups).toEqual(groupBlocks(blocks.slice(0, n), min));
      // Every group but the last is closed and keeps its array.
      for (let g = 0; g < before.length - 1; g++) expect(groups[g]).toBe(before[g]);
      before = groups;
    }
    expect(before.length).toBeGreaterThan(2);
  });

  it('starts over when the blocks are replaced rather than extended', () => {
    const group = createBlockGrouper(1);
    group(['One.\n\n', 'Two.\n\n']);
    expect(group(['New.\n\n'])).toEqual([['New.\n\n']]);
  });

  it('gives one empty group for no blocks, for the live tail to join', () => {
    expect(groupBlocks([])).toEqual([[]]);
  });
});

describe('Markdown groups', () => {
  it('renders every block once, in order, inside groups', () => {
    const content = Array.from({ length: 60 }, (_, i) => paragraph(i)).join('') + '## End\n\nLast words';
    const view = render(<Markdown content={content} />);
    const groups = view.container.querySelectorAll('.md-root > .md-group');
    expect(groups.length).toBeGreaterThan(1);
    const paragraphs = Array.from(view.container.querySelectorAll('.md-group > p'), (p) => p.textContent);
    expect(paragraphs).toEqual([...Array.from({ length: 60 }, (_, i) => paragraph(i).trim()), 'Last words']);
    expect(view.container.querySelector('.md-group:last-child h4')?.textContent).toBe('End');
    // The live tail (here the last block) always sits in the last group.
    expect(groups[groups.length - 1]?.lastElementChild?.textContent).toBe('Last words');
    expect(splitBlocks(content).finished.length + 1).toBe(view.container.querySelectorAll('.md-group > *').length);
  });

  it('keeps the elements of the live tail when it becomes a finished block', () => {
    const view = render(<Markdown content={'One.\n\nTwo is grow'} streaming />);
    const tail = view.container.querySelector('.md-group > p:last-child');
    expect(tail?.textContent).toBe('Two is grow');
    view.rerender(<Markdown content={'One.\n\nTwo is growing.\n\nThree'} streaming />);
    const paragraphs = view.container.querySelectorAll('.md-group > p');
    expect(Array.from(paragraphs, (p) => p.textContent)).toEqual(['One.', 'Two is growing.', 'Three']);
    expect(paragraphs[1]).toBe(tail);
  });

  it('renders nothing for empty content', () => {
    const view = render(<Markdown content="" />);
    expect(view.container.querySelector('.md-root')?.childElementCount).toBe(0);
  });
});
