import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFetcher } from '../../src/modules/search/page-fetcher';

/** Bytes the reader may keep of a page. */
const LIMIT = 10_000;

/**
 * The page size limit is counted in bytes read: a page that never ends is cut there, however long
 * the time limit, and its connection closed.
 */
describe('page fetcher size limit', () => {
  let server: Server;
  let origin: string;
  const closed: Promise<number>[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (req.url === '/small') {
        res.end('<p>short page</p>');
        return;
      }
      // An endless page: only the reader's byte count can end this response.
      let sent = 0;
      closed.push(new Promise((resolve) => res.once('close', () => resolve(sent))));
      const chunk = `<p>${'x'.repeat(4_000)}</p>`;
      const pump = () => {
        while (!res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // A time limit no test run reaches: the page can only end by its size.
  const fetcher = () => new PageFetcher({ timeout_ms: 600_000, max_bytes: LIMIT, max_redirects: 0 }, ['127.0.0.1']);

  it('cuts an endless page at the byte limit and hangs up', async () => {
    const page = await fetcher().fetch(`${origin}/endless`);
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.body)).toBe(LIMIT);
    // The server saw the connection closed by the reader, not a response it finished.
    expect(await closed[0]).toBeGreaterThanOrEqual(LIMIT);
  });

  it('keeps a page under the limit whole', async () => {
    const page = await fetcher().fetch(`${origin}/small`);
    expect(page).toMatchObject({ truncated: false, body: '<p>short page</p>' });
  });
});
