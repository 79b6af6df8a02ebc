import { createServer, type Server } from 'node:http';

/** A page of the fake web: its path and readable paragraphs. */
export const PAGES: Record<string, { title: string; paragraphs: string[] }> = {
  '/page/port': {
    title: '青石港年度概况',
    paragraphs: [
      '青石港位于东海之滨，是区域重要的综合性港口。',
      '2023年青石港货物吞吐量达到3200万吨，比上年增长百分之八。',
      '青石港的主要货物是集装箱、铁矿石和粮食。',
    ],
  },
  '/page/terminal': {
    title: '青石港自动化码头投入运营',
    paragraphs: [
      '青石港自动化码头于2024年5月正式投入运营。',
      '自动化码头共有六个泊位，由远程操控的岸桥完成装卸。',
      '青石港管理局表示，自动化码头使单箱作业成本下降约两成。',
    ],
  },
};

function html(title: string, paragraphs: readonly string[], extra = ''): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><nav>首页 | 新闻 | 关于</nav><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}${extra}</article><footer>版权所有</footer></body></html>`;
}

export interface FakeWeb {
  origin: string;
  /** Backend calls seen, by path. */
  calls: Record<string, number>;
  /** Pages requested, by path. */
  hits: Record<string, number>;
  close(): Promise<void>;
}

/**
 * One local server playing the web for the tests: a SearXNG JSON search, a Bocha search that
 * answers 429 once (to exercise retries), readable pages, a page redirecting to an internal
 * address, a huge page and a slow one. Without `slowPage` the search leaves the slow page out, so a
 * run can be given a time limit long enough for a busy machine and still end promptly.
 */
export async function startFakeWeb(options: { slowPage?: boolean } = {}): Promise<FakeWeb> {
  const slowPage = options.slowPage ?? true;
  const calls: Record<string, number> = {};
  const hits: Record<string, number> = {};
  const sockets = new Set<import('node:net').Socket>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (path === '/searxng/search') {
      calls.searxng = (calls.searxng ?? 0) + 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          results: [
            { url: `${origin}/page/port/`, title: '青石港年度概况', content: '青石港货物吞吐量' },
            { url: `${origin}/redirect-internal`, title: '跳转页', content: '跳转' },
            { url: `${origin}/huge`, title: '超大页面', content: '很大' },
            ...(slowPage ? [{ url: `${origin}/slow`, title: '很慢的页面', content: '很慢' }] : []),
          ],
        }),
      );
      return;
    }
    if (path === '/bocha/v1/web-search') {
      calls.bocha = (calls.bocha ?? 0) + 1;
      if (calls.bocha === 1) {
        res.writeHead(429, { 'retry-after': '0' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            webPages: { value: [{ name: '青石港自动化码头', url: `${origin}/page/terminal`, snippet: '自动化码头' }] },
          },
        }),
      );
      return;
    }
    hits[path] = (hits[path] ?? 0) + 1;
    const page = PAGES[path.replace(/\/+$/, '')];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html(page.title, page.paragraphs));
      return;
    }
    if (path === '/redirect-internal') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(html('超大页面', ['青石港的平均潮差约为四米，适合大型船舶进出。']).replace('</body></html>', ''));
      const filler = `<p>${'填充内容'.repeat(2000)}</p>`;
      // Far more than the limit; the reader must stop early rather than take it all.
      let sent = 0;
      const pump = () => {
        while (sent < 4000) {
          sent++;
          if (!res.write(filler)) return void res.once('drain', pump);
        }
        res.end('</body></html>');
      };
      pump();
      return;
    }
    if (path === '/slow') {
      // Never answers within the test's fetch time limit.
      setTimeout(() => {
        if (!res.destroyed) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(html('很慢的页面', ['青石港迟到的消息。']));
        }
      }, 60_000).unref();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    calls,
    hits,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
