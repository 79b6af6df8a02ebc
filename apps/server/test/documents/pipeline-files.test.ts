import {
  docFailureMessages,
  type CheckDocStatusResponse,
  type SessionFile,
  type SessionMessage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import {
  buildSessionsApp,
  encryptedPdf,
  eventually,
  pdfOf,
  post,
  streamPost,
  tablePdf,
  tokenFor,
  twoColumnPdf,
  upload,
} from '../sessions/helpers';

/** Parsing 2,000 pages on a busy machine takes a while. */
const BIG_WAIT_MS = 240_000;

describe('document pipeline: hostile, odd and huge PDFs', () => {
  let t: TestApp;
  let admin = '';
  let sessionId = '';

  const settle = (ids: string[], timeoutMs?: number) =>
    eventually(
      () =>
        post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', {
          session_id: sessionId,
          file_ids: ids,
        }),
      (r) => r.code === 0 && r.data.settled,
      timeoutMs,
    ).then((r) => new Map(r.data.list.map((d) => [d.file_id, d])));

  const add = async (name: string, data: Buffer) => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', name, data, sessionId || undefined);
    expect(env.code).toBe(0);
    sessionId = env.data.session_id;
    return env.data.file_id;
  };

  const ask = async (prompt: string) => {
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', { session_id: sessionId, prompt });
    return events[0]!.data.citations as SessionMessage['citations'];
  };

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('fails an encrypted and a truncated PDF cleanly, and the next file still parses', async () => {
    const full = await pdfOf(['Quarterly memo.\nThe Lyra warehouse moved to Ningbo in March.', 'Second page.']);
    const encrypted = await add('locked.pdf', await encryptedPdf());
    const truncated = await add('cut.pdf', full.subarray(0, Math.floor(full.length / 2)));
    const good = await add('memo.pdf', full);
    const byId = await settle([encrypted, truncated, good]);
    expect(byId.get(encrypted)).toMatchObject({
      status: 'failed',
      reason: docFailureMessages.encrypted,
      chunk_count: 0,
    });
    expect(byId.get(truncated)).toMatchObject({ status: 'failed', reason: docFailureMessages.corrupt, chunk_count: 0 });
    // Bad files cost their own worker thread only: the good one beside them is read in full.
    expect(byId.get(good)).toMatchObject({ status: 'ready', page_count: 2 });

    // Parsing a bad file again fails the same way; it never sticks in parsing.
    await post(t, admin, '/api/pdf/file/reload', { session_id: sessionId, file_id: encrypted });
    expect((await settle([encrypted])).get(encrypted)).toMatchObject({
      status: 'failed',
      reason: docFailureMessages.encrypted,
    });
    const citations = await ask('Where did the Lyra warehouse move?');
    expect(citations[0]).toMatchObject({ file_id: good, page: 1 });
  });

  it('keeps each table row together and cites the page of the table', async () => {
    const id = await add(
      'regions.pdf',
      await tablePdf('Regional sales review of the Lyra programme for 2025.', [
        ['Region', 'Revenue', 'Growth'],
        ['Hangzhou', '120', '8%'],
        ['Chengdu', '95', '12%'],
        ['Xian', '60', '5%'],
      ]),
    );
    expect((await settle([id])).get(id)).toMatchObject({ status: 'ready', page_count: 2 });
    const citations = await ask('What was the revenue and growth of Chengdu?');
    const cited = citations.find((c) => c.file_id === id)!;
    expect(cited.page).toBe(2);
    const quote = cited.quote.replace(/\s+/g, ' ');
    expect(quote).toContain('Region Revenue Growth');
    expect(quote).toContain('Chengdu 95 12%');
  });

  it('keeps each column of a two-column page together', async () => {
    const id = await add(
      'columns.pdf',
      await twoColumnPdf(
        ['Left column: the Draco', 'laboratory tests batteries', 'at minus forty degrees.'],
        ['Right column: the Pavo', 'team ships solar panels', 'to Kenya every month.'],
      ),
    );
    expect((await settle([id])).get(id)).toMatchObject({ status: 'ready', page_count: 1 });
    const citations = await ask('Where does the Pavo team ship solar panels?');
    const quote = citations.find((c) => c.file_id === id)!.quote.replace(/\s+/g, ' ');
    expect(quote).toContain('Right column: the Pavo team ships solar panels to Kenya every month.');
    expect(quote).toContain('Left column: the Draco laboratory tests batteries at minus forty degrees.');
  });

  it(
    'parses a 2,000-page PDF within the page limit and refuses one page more',
    async () => {
      const max = t.config.documents.max_pages;
      expect(max).toBe(2_000);
      const pages = Array.from({ length: max }, (_, i) => `Ledger page ${i + 1}.`);
      pages[1233] = 'Ledger page 1234.\nThe Carina audit found 17 unpaid invoices.';
      const big = await add('ledger.pdf', await pdfOf(pages));
      const tooBig = await add('ledger-plus.pdf', await pdfOf([...pages, 'One page too many.']));
      const byId = await settle([big, tooBig], BIG_WAIT_MS);
      expect(byId.get(tooBig)).toMatchObject({ status: 'failed', reason: docFailureMessages.tooManyPages(max) });
      expect(byId.get(big)).toMatchObject({ status: 'ready', page_count: max });
      const citations = await ask('How many unpaid invoices did the Carina audit find?');
      expect(citations[0]).toMatchObject({ file_id: big, page: 1234 });
    },
    BIG_WAIT_MS * 2,
  );
});
