import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  mayHaveAutolinkLiteral,
  remarkGfmParse,
  remarkGfmParseWithoutAutolinkLiterals,
} from '../../src/components/markdown/remark-gfm-parse';
import { splitBlocks } from '../../src/components/markdown/split-blocks';

function tree(plugin: typeof remarkGfmParse, text: string): unknown {
  const processor = unified().use(remarkParse).use(plugin);
  return processor.runSync(processor.parse(text));
}

/** The live tail after every increment of `step` characters, as a streamed answer parses it. */
function liveTails(text: string, step = 7): string[] {
  return Array.from(
    { length: Math.ceil(text.length / step) },
    (_, i) => splitBlocks(text.slice(0, (i + 1) * step), true).tail,
  );
}

const ANSWER = [
  '## 第 1 部分 **模型** 与 `render()`',
  'The *stream* has ~~old~~ new **latency** numbers, a [link](/docs/a "title") and `code()` inline. 数据 and 服务 and a\\* literal star, &amp; an entity.',
  '- first item with **bold**\n- second item with `code`\n  continued line\n- [ ] open task\n- [x] done task',
  '1. one\n2. two\n\n3. three, loose',
  '```ts\nfunction example(input: string) {\n  const value = compute("token", 1); // note\n  return input;\n}\n```',
  '| 名称 | 数量 | 说明 | 占比 |\n| --- | ---: | --- | ---: |\n| token | 17 | ~~x~~ | 12.5% |\n| index | 34 | `y` | 7.0% |',
  '> quoted *text* with example.org, ww.example.com and http:/not-a-url',
  'A footnote[^1] reference.\n\n[^1]: The note.',
  'Setext heading\n---',
].join('\n\n');

describe('GFM parsing without autolink literals', () => {
  const withoutLiterals = [
    '# Title\n\nSome **bold** and `code()` and ~~gone~~ text, [a link](/relative) and <b>html</b>.',
    '- [ ] open task\n- [x] done task\n\n1. one\n2. two',
    '| a | b |\n| --- | ---: |\n| 1 | 2 |\n| x | ~~y~~ |',
    'Footnote[^1] use.\n\n[^1]: The note.',
    '```ts\nconst url = "example.com";\n```\n\n> quote with example.org and ww.example.com and http:/x',
    'Domains without a scheme stay text: example.com, wwwexample.com, http:example.com, httpsx.',
  ];

  it.each(withoutLiterals)('builds the same tree as full GFM: %s', (text) => {
    expect(mayHaveAutolinkLiteral(text)).toBe(false);
    expect(tree(remarkGfmParseWithoutAutolinkLiterals, text)).toEqual(tree(remarkGfmParse, text));
  });

  it('builds the same tree for every live tail of a streamed answer without literals', () => {
    for (const text of [ANSWER, ...liveTails(ANSWER)]) {
      expect(mayHaveAutolinkLiteral(text)).toBe(false);
      expect(tree(remarkGfmParseWithoutAutolinkLiterals, text)).toEqual(tree(remarkGfmParse, text));
    }
  });

  it.each([
    'visit www.example.com today',
    'see WWW.EXAMPLE.COM',
    'at http://example.com/a',
    'at HTTPS://example.com',
    'mail someone@example.com',
    'mailto:someone@example.com',
    'xmpp:someone@example.com',
    'a [link](https://example.com) has an address too',
  ])('keeps full GFM where a literal may be: %s', (text) => {
    expect(mayHaveAutolinkLiteral(text)).toBe(true);
  });

  it('would miss literals without it, so the check decides', () => {
    const text = 'visit www.example.com or someone@example.com';
    expect(JSON.stringify(tree(remarkGfmParse, text))).toContain('"type":"link"');
    expect(JSON.stringify(tree(remarkGfmParseWithoutAutolinkLiterals, text))).not.toContain('"type":"link"');
  });
});
