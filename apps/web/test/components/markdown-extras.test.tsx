import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../src/components/markdown';

const imported = vi.hoisted(() => new Set<string>());
const rendered = vi.hoisted(() => [] as string[]);

// Renders with the real renderer and records which block texts were rendered.
vi.mock('react-markdown', async (importOriginal) =>
  (await import('./markdown-render-recorder')).recordingReactMarkdown(importOriginal, rendered),
);

vi.mock('rehype-highlight', async (importOriginal) => {
  imported.add('rehype-highlight');
  return importOriginal();
});
vi.mock('rehype-katex', async (importOriginal) => {
  imported.add('rehype-katex');
  return importOriginal();
});

afterEach(cleanup);

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// Runs in order: each step relies on what the previous one loaded.
describe('lazy markdown extras', () => {
  it('loads nothing for plain prose, tables and inline code', async () => {
    render(<Markdown content={'Text with `code` and a price of $5.\n\n| a |\n| - |\n| 1 |'} />);
    await settle();
    expect(imported.size).toBe(0);
  });

  it('renders code plainly first and loads only the highlighter for a fenced block', async () => {
    const code = '```python\nprint("hi")\n```\n\n';
    const { container } = render(<Markdown content={`Intro\n\n${code}After`} streaming />);
    expect(container.querySelector('pre code')?.textContent).toBe('print("hi")\n');
    expect(container.querySelector('.hljs')).toBeNull();
    rendered.length = 0;
    await waitFor(() => expect(container.querySelector('pre code.hljs .hljs-built_in')).not.toBeNull());
    expect([...imported]).toEqual(['rehype-highlight']);
    // The highlighter changes nothing in blocks without fenced code: they do not render again.
    expect(rendered).toEqual([code]);
  });

  it('keeps the code of the live tail plain until the block or the stream is done', async () => {
    const growing = 'Intro\n\n```python\nprint("hi")\n';
    const view = render(<Markdown content={growing} streaming />);
    await settle();
    expect(view.container.querySelector('pre code')?.textContent).toBe('print("hi")\n');
    expect(view.container.querySelector('.hljs')).toBeNull();
    view.rerender(<Markdown content={`${growing}\`\`\``} streaming={false} />);
    expect(view.container.querySelector('pre code.hljs .hljs-built_in')).not.toBeNull();
  });

  it('loads the math plugins when \\( \\) appears', async () => {
    const { container } = render(<Markdown content={'Euler: \\(e^{i\\pi} + 1 = 0\\)'} />);
    expect(container.querySelector('.katex')).toBeNull();
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(imported.has('rehype-katex')).toBe(true);
  });
});
