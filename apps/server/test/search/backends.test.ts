import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebBackend } from '../../src/modules/search/backends/http-backends';
import { Limiter, withRetries } from '../../src/modules/search/backends/limiter';
import { BackendError } from '../../src/modules/search/backends/types';
import { checkCitations } from '../../src/modules/search/citations';
import { contentTerms } from '../../src/modules/search/text';
import { searchBackendSchema } from '../../src/modules/search/config';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Each backend's HTTP shape, against a fake answering as the real API documents it. */
describe('search backends', () => {
  let server: Server;
  let origin = '';
  const seen: Seen[] = [];
  const page = (n: number) => `https://example.com/p${n}`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', origin);
        seen.push({
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        });
        const answers: Record<string, unknown> = {
          '/searxng/search': {
            results: [
              { url: page(1), title: 'S', content: 's' },
              { url: 'javascript:x', title: 'bad' },
            ],
          },
          '/bing': { webPages: { value: [{ name: 'B', url: page(2), snippet: 'b' }] } },
          '/tavily': { results: [{ title: 'T', url: page(3), content: 't' }] },
          '/metaso': { webpages: [{ title: 'M', link: page(4), snippet: 'm' }] },
          '/bocha': { data: { webPages: { value: [{ name: 'C', url: page(5), summary: 'c' }] } } },
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answers[url.pathname] ?? {}));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const backend = (kind: string, path: string) =>
    createWebBackend(searchBackendSchema.parse({ kind, url: `${origin}${path}`, api_key_env: 'K' }), { K: 'secret' });

  it('SearXNG: GET /search with format=json; non-web links dropped', async () => {
    const hits = await backend('searxng', '/searxng').search('港口', AbortSignal.timeout(5_000));
    expect(hits).toEqual([{ title: 'S', url: page(1), snippet: 's' }]);
    const req = seen.at(-1)!;
    expect(req.query.get('format')).toBe('json');
    expect(req.query.get('q')).toBe('港口');
  });

  it('Bing: subscription key header, webPages.value', async () => {
    const hits = await backend('bing', '/bing').search('q', AbortSignal.timeout(5_000));
    expect(hits[0]).toMatchObject({ title: 'B', url: page(2) });
    expect(seen.at(-1)!.headers['ocp-apim-subscription-key']).toBe('secret');
  });

  it('Tavily, Metaso, Bocha: POST JSON with a bearer key', async () => {
    expect((await backend('tavily', '/tavily').search('q', AbortSignal.timeout(5_000)))[0]!.url).toBe(page(3));
    expect(seen.at(-1)!.body).toMatchObject({ query: 'q' });
    expect((await backend('metaso', '/metaso').search('q', AbortSignal.timeout(5_000)))[0]!.url).toBe(page(4));
    expect(seen.at(-1)!.body).toMatchObject({ q: 'q', scope: 'webpage' });
    const bocha = await backend('bocha', '/bocha').search('q', AbortSignal.timeout(5_000));
    expect(bocha[0]).toMatchObject({ title: 'C', url: page(5), snippet: 'c' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer secret');
    expect(seen.at(-1)!.method).toBe('POST');
  });

  it('bounds concurrency and retries only retryable failures', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limiter.run(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, 10));
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    let calls = 0;
    const flaky = () => {
      calls++;
      if (calls < 3) throw new BackendError('429', true);
      return Promise.resolve('ok');
    };
    await expect(
      withRetries(async () => flaky(), { retries: 2, baseMs: 1, signal: AbortSignal.timeout(5_000) }),
    ).resolves.toBe('ok');
    let hard = 0;
    await expect(
      withRetries(
        async () => {
          hard++;
          throw new BackendError('401', false);
        },
        { retries: 3, baseMs: 1, signal: AbortSignal.timeout(5_000) },
      ),
    ).rejects.toThrow('401');
    expect(hard).toBe(1);
  });

  it('citations: marks by address are matched with trailing slashes stripped', () => {
    const checked = checkCitations('青石港吞吐量达到3200万吨 [https://example.com/a/]。', [
      { idx: 1, title: 'A', url: 'https://example.com/a', content: '青石港2023年货物吞吐量达到3200万吨。' },
    ]);
    expect(checked.summary).toBe('青石港吞吐量达到3200万吨 [1]。');
    expect(checked.citations).toEqual([{ index: 1, url: 'https://example.com/a', title: 'A' }]);
  });

  it('citations: one sentence must hold the claim and name what the question asks about', () => {
    const sources = [
      {
        idx: 1,
        title: '澜沧湾海水淡化厂正式投产',
        url: 'https://example.com/1',
        // The plant is named by the title only; "该厂" stands for it.
        content: '9月18日，澜沧湾海水淡化厂正式投产。该厂采用反渗透工艺，设计日产淡水12万吨。',
      },
      {
        idx: 2,
        title: '北礁海水淡化厂运行五年回顾',
        url: 'https://example.com/2',
        // Every word and number of the wrong claim, but in sentences about two plants.
        content: '与澜沧湾海水淡化厂相比，北礁海水淡化厂规模较小。北礁海水淡化厂日产淡水5万吨。',
      },
    ];
    const question = '澜沧湾海水淡化厂的产能';
    const checked = checkCitations(
      ['- 澜沧湾海水淡化厂日产淡水5万吨 [2]', '- 澜沧湾海水淡化厂采用反渗透工艺，日产淡水12万吨 [2]'].join('\n'),
      sources,
      undefined,
      question,
    );
    // The first holds no source's sentence: its mark goes; the second moves to the page that says it.
    expect(checked.summary).toBe(
      ['- 澜沧湾海水淡化厂日产淡水5万吨 ', '- 澜沧湾海水淡化厂采用反渗透工艺，日产淡水12万吨 [1]'].join('\n'),
    );
    expect(checked).toMatchObject({ dropped: 1, moved: 1 });
    // Function words are no claim's words: every page has "has", "was" and "约".
    expect(contentTerms('The plant has been open since 1990, about 35 years')).toEqual([
      'plant',
      'open',
      'since',
      '1990',
      '35',
      'years',
    ]);
    expect(contentTerms('该厂约有300名员工')).not.toContain('约');
  });
});
