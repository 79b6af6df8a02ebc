import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadHighlight, Markdown } from '../../src/components/markdown';
import { createBlockSplitter, splitBlocks } from '../../src/components/markdown/split-blocks';

const rendered = vi.hoisted(() => [] as string[]);

// Renders with the real renderer and records which block texts were rendered.
vi.mock('react-markdown', async (importOriginal) =>
  (await import('./markdown-render-recorder')).recordingReactMarkdown(importOriginal, rendered),
);

afterEach(cleanup);
beforeEach(() => {
  rendered.length = 0;
});

describe('splitBlocks', () => {
  it('splits at blank lines and after headings', () => {
    const { finished, tail } = splitBlocks('# Title\nIntro para\nstill intro\n\nSecond para\n\n- a\n- b\n\nLast');
    expect(finished).toEqual(['# Title\n', 'Intro para\nstill intro\n\n', 'Second para\n\n', '- a\n- b\n\n']);
    expect(tail).toBe('Last');
  });

  it('keeps blank lines inside fences and display math in one block', () => {
    const content = 'Before\n\n```python\na = 1\n\n\nb = 2\n```\n\n$$\nx\n\ny\n$$\n\nAfter';
    expect(splitBlocks(content).finished).toEqual([
      'Before\n\n',
      '```python\na = 1\n\n\nb = 2\n```\n\n',
      '$$\nx\n\ny\n$$\n\n',
    ]);
  });

  it('keeps an unclosed fence in the tail', () => {
    const content = 'Intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n\nNot a paragraph';
    const { finished, tail } = splitBlocks(content, true);
    expect(finished).toEqual(['Intro\n\n']);
    expect(tail).toBe('```js\nconst a = 1;\n\nconst b = 2;\n\nNot a paragraph');
  });

  it('keeps loose list items and indented continuations together', () => {
    const content = '1. one\n\n2. two\n\n   more of two\n\nafter';
    expect(splitBlocks(content).finished).toEqual(['1. one\n\n2. two\n\n   more of two\n\n']);
  });

  it('waits while an incomplete last line could still continue a list', () => {
    expect(splitBlocks('- a\n\n1', true)).toMatchObject({ finished: [], tail: '- a\n\n1' });
    expect(splitBlocks('- a\n\n1', false)).toMatchObject({ finished: ['- a\n\n'], tail: '1' });
    expect(splitBlocks('para\n\n1', true)).toMatchObject({ finished: ['para\n\n'], tail: '1' });
    expect(splitBlocks('- a\n\n1.', true)).toMatchObject({ finished: [], tail: '- a\n\n1.' });
    expect(splitBlocks('- a\n\n1x', true)).toMatchObject({ finished: ['- a\n\n'], tail: '1x' });
  });

  it('gives the same blocks incrementally as in one pass', () => {
    const content =
      '# H\n\ntext\n\n```\ncode\n\nmore\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- x\n\n- y\n\n1. one\n\n2. two\n\nend\n';
    const final = splitBlocks(content, false);
    for (const step of [1, 2, 3, 7]) {
      const split = createBlockSplitter();
      for (let i = 1; i <= content.length; i += step) {
        const partial = content.slice(0, i);
        const result = split(partial, true);
        expect(result).toEqual(splitBlocks(partial, true));
        // A block once finished never changes.
        expect(final.finished.slice(0, result.finished.length)).toEqual(result.finished);
      }
      expect(split(content, false)).toEqual(final);
    }
  });
});

describe('Markdown streaming', () => {
  it('re-renders only the tail when a streamed update appends to it', () => {
    const finishedBlocks = ['# Title\n', 'First paragraph.\n\n', '| a | b |\n| - | - |\n| 1 | 2 |\n\n'];
    const base = finishedBlocks.join('');
    const view = render(<Markdown content={`${base}Tail st`} streaming />);
    expect(rendered).toEqual([...finishedBlocks, 'Tail st']);

    rendered.length = 0;
    view.rerender(<Markdown content={`${base}Tail starts`} streaming />);
    view.rerender(<Markdown content={`${base}Tail starts to grow`} streaming />);
    expect(rendered).toEqual(['Tail starts', 'Tail starts to grow']);
    expect(view.container.textContent).toContain('Tail starts to grow');
  });

  it('renders a finished tail once as a block and moves on', () => {
    const view = render(<Markdown content={'One.\n\nTwo'} streaming />);
    rendered.length = 0;
    view.rerender(<Markdown content={'One.\n\nTwo.\n\nThree'} streaming />);
    expect(rendered).toEqual(['Two.\n\n', 'Three']);
    rendered.length = 0;
    view.rerender(<Markdown content={'One.\n\nTwo.\n\nThree.'} streaming={false} />);
    expect(rendered).toEqual(['Three.']);
  });

  it('does not render a tail again when the stream ends without changing it', () => {
    const view = render(<Markdown content={'One.\n\nTwo [link](https://example.com) www.example.com.'} streaming />);
    const link = view.container.querySelector('a');
    rendered.length = 0;
    view.rerender(<Markdown content={'One.\n\nTwo [link](https://example.com) www.example.com.'} streaming={false} />);
    expect(rendered).toEqual([]);
    expect(view.container.querySelector('a')).toBe(link);
    expect(view.container.querySelectorAll('a')).toHaveLength(2);
  });

  it('renders a finished code block again, for its highlighting, when the stream ends', async () => {
    await loadHighlight();
    const content = 'Intro.\n\n```js\nconst a = 1;\n```';
    const view = render(<Markdown content={content} streaming />);
    rendered.length = 0;
    view.rerender(<Markdown content={content} streaming={false} />);
    expect(rendered).toEqual(['```js\nconst a = 1;\n```']);
    expect(view.container.querySelector('pre code.hljs')).not.toBeNull();
  });

  it('keeps an unclosed code fence in the live tail while it streams', () => {
    const view = render(<Markdown content={'Intro.\n\n```js\nconst a = 1;\n\n'} streaming />);
    rendered.length = 0;
    view.rerender(<Markdown content={'Intro.\n\n```js\nconst a = 1;\n\nconst b = 2;\n'} streaming />);
    expect(rendered).toEqual(['```js\nconst a = 1;\n\nconst b = 2;\n']);
    expect(view.container.querySelectorAll('pre')).toHaveLength(1);
    expect(view.container.querySelector('pre')?.textContent).toContain('const b = 2;');
  });

  it('does not re-render finished blocks for a new onLinkClick or an equal citations array', () => {
    const content = 'Para [1].\n\nTail';
    const view = render(
      <Markdown content={content} streaming citations={[{ url: 'https://a.example.com/' }]} onLinkClick={() => {}} />,
    );
    rendered.length = 0;
    view.rerender(
      <Markdown
        content={`${content} more`}
        streaming
        citations={[{ url: 'https://a.example.com/' }]}
        onLinkClick={() => {}}
      />,
    );
    expect(rendered).toEqual(['Tail more']);
  });

  it('starts over when the content is replaced rather than extended', () => {
    const view = render(<Markdown content={'Old one.\n\nOld two.\n\nOld'} streaming />);
    view.rerender(<Markdown content={'New one.\n\nNew'} streaming />);
    expect(view.container.textContent).toBe('New one.New');
    expect(view.container.querySelectorAll('p')).toHaveLength(2);
  });
});
