import {
  ErrorCode,
  type CheckDocStatusResponse,
  type PagePosition,
  type ReportConversation,
  type ReportMessage,
  type ReportSummary,
  type SessionFile,
  type SessionMessage,
  type SessionSlice,
  type SliceDetail,
} from '@portal/contract';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkUnits } from '../../src/services/documents/chunker';
import { api, type TestApp } from '../helper';
import { multipart } from '../files/fixtures';
import { buildSessionsApp, eventually, get, post, streamPost, tokenFor, upload } from '../sessions/helpers';

/**
 * Chunks keep where their text lies on the page: a PDF drawn with text at known coordinates yields
 * passages whose boxes cover those coordinates, and both citation endpoints return them.
 */

const PAGE = { width: 600, height: 800 };
/** The fact on page 3, drawn with its baseline at (x, y) in PDF points (origin bottom-left). */
const FACT = { text: 'The warehouse in Ningbo stores 4800 pallets of tea.', x: 120, y: 500, size: 14 };

async function factPdf(rotatePage3 = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([PAGE.width, PAGE.height]);
  first.drawText('Logistics overview of the company.', { x: 50, y: 750, size: 12, font });
  const second = doc.addPage([PAGE.width, PAGE.height]);
  second.drawText('Transport costs fell by 3 percent.', { x: 50, y: 750, size: 12, font });
  const third = doc.addPage([PAGE.width, PAGE.height]);
  third.drawText('Storage.', { x: 50, y: 750, size: 12, font });
  third.drawText(FACT.text, { x: FACT.x, y: FACT.y, size: FACT.size, font });
  if (rotatePage3) third.setRotation(degrees(rotatePage3));
  return Buffer.from(await doc.save());
}

/** Whether a point given as fractions of the page lies inside one of the position's boxes. */
function covers(position: PagePosition, fx: number, fy: number): boolean {
  return position.rects.some(
    ([left, top, width, height]) => fx >= left && fx <= left + width && fy >= top && fy <= top + height,
  );
}

/** The fact's baseline start and a point inside its first letters, as fractions from the top-left corner. */
const factPoint = { fx: (FACT.x + 4) / PAGE.width, fy: 1 - (FACT.y + FACT.size * 0.3) / PAGE.height };

describe('chunk positions', () => {
  let t: TestApp;
  let staff = '';
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp();
    staff = await tokenFor(t, 'staff');
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('keeps the boxes of a PDF passage on its page, and serves them with the cited slice of a session', async () => {
    const { env } = await upload<SessionFile>(t, staff, 'pdf', 'logistics.pdf', await factPdf());
    expect(env.code).toBe(0);
    const sessionId = env.data.session_id;
    await eventually(
      () => post<CheckDocStatusResponse>(t, staff, '/api/pdf/file/check_doc_status', { session_id: sessionId }),
      (r) => r.code === 0 && r.data.settled,
    );
    const { events } = await streamPost(t, staff, '/api/pdf/message/receive', {
      session_id: sessionId,
      prompt: 'How many pallets does the Ningbo warehouse store?',
    });
    const citation = (events[0]!.data.citations as SessionMessage['citations'])[0]!;
    expect(citation.page).toBe(3);

    const slice = await get<SessionSlice>(t, staff, '/api/pdf/file/slice', {
      session_id: sessionId,
      chunk_id: citation.chunk_id,
    });
    expect(slice.code).toBe(0);
    expect(slice.data).toMatchObject({ chunk_id: citation.chunk_id, file_id: env.data.file_id, page: 3, row: null });
    expect(slice.data.text).toContain('4800 pallets');
    const position = slice.data.position!;
    expect(position).toMatchObject({ page_width: PAGE.width, page_height: PAGE.height });
    expect(covers(position, factPoint.fx, factPoint.fy)).toBe(true);
    // The box hugs the line: it neither reaches the top heading nor the page's bottom half.
    expect(covers(position, factPoint.fx, 1 - (FACT.y + 60) / PAGE.height)).toBe(false);
    expect(covers(position, factPoint.fx, 0.75)).toBe(false);
    // The line's end is covered too (Helvetica at 14 pt: the sentence is well over 250 pt wide).
    expect(covers(position, (FACT.x + 250) / PAGE.width, factPoint.fy)).toBe(true);

    // Someone else's session, or a passage of another session, is unknown to the caller.
    const foreign = await get(t, admin, '/api/pdf/file/slice', { session_id: sessionId, chunk_id: citation.chunk_id });
    expect(foreign.code).toBe(ErrorCode.resourceGone);
    const other = await upload<SessionFile>(t, admin, 'pdf', 'other.pdf', await factPdf());
    const crossed = await get(t, admin, '/api/pdf/file/slice', {
      session_id: other.env.data.session_id,
      chunk_id: citation.chunk_id,
    });
    expect(crossed.code).toBe(ErrorCode.resourceGone);
    const bad = await get(t, staff, '/api/pdf/file/slice', { session_id: sessionId, chunk_id: 'abc' });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('measures a rotated page as it is displayed', async () => {
    const { env } = await upload<SessionFile>(t, staff, 'pdf', 'rotated.pdf', await factPdf(90));
    const sessionId = env.data.session_id;
    await eventually(
      () => post<CheckDocStatusResponse>(t, staff, '/api/pdf/file/check_doc_status', { session_id: sessionId }),
      (r) => r.code === 0 && r.data.settled,
    );
    const { events } = await streamPost(t, staff, '/api/pdf/message/receive', {
      session_id: sessionId,
      prompt: 'How many pallets does the Ningbo warehouse store?',
    });
    const citation = (events[0]!.data.citations as SessionMessage['citations'])[0]!;
    const slice = await get<SessionSlice>(t, staff, '/api/pdf/file/slice', {
      session_id: sessionId,
      chunk_id: citation.chunk_id,
    });
    const position = slice.data.position!;
    // Turned a quarter clockwise the page is landscape, and the line runs down it.
    expect(position).toMatchObject({ page_width: PAGE.height, page_height: PAGE.width });
    // A point (x, y) of the page in PDF space (origin bottom-left) shows at (y/h, x/w) of the turned one.
    const x = FACT.x + 4;
    const y = FACT.y + FACT.size * 0.3;
    expect(covers(position, y / PAGE.height, x / PAGE.width)).toBe(true);
    expect(covers(position, y / PAGE.height, (x + 250) / PAGE.width)).toBe(true);
    expect(covers(position, 1 - y / PAGE.height, x / PAGE.width)).toBe(false);
  });

  it('returns the slice of a report with its boxes from sliceFileDetail', async () => {
    const { payload, headers } = multipart({ filename: 'logistics-report.pdf', data: await factPdf() });
    const up = await api(t, staff, { method: 'POST', url: '/api/report/file/upload', payload, headers });
    const report = (up.json() as { data: ReportSummary }).data;
    await eventually(
      () => get<{ list: { reports: ReportSummary[] }[] }>(t, staff, '/api/report/home/reportCategory'),
      (r) =>
        r.data.list.flatMap((c) => c.reports).some((x) => x.report_id === report.report_id && x.status === 'ready'),
    );
    const conversation = await post<ReportConversation>(t, staff, '/api/report/conversation/create', {
      report_ids: [report.report_id],
    });
    const { events } = await streamPost(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.data.conversation_id,
      prompt: 'How many pallets does the Ningbo warehouse store?',
    });
    const citation = (events[0]!.data.citations as ReportMessage['citations'])[0]!;
    const slice = await get<SliceDetail>(t, staff, '/api/report/pdf/sliceFileDetail', { chunk_id: citation.chunk_id });
    expect(slice.code).toBe(0);
    expect(slice.data).toMatchObject({ page: 3, report: { report_id: report.report_id } });
    expect(slice.data.order).toBeGreaterThanOrEqual(2);
    expect(covers(slice.data.position!, factPoint.fx, factPoint.fy)).toBe(true);
  });
});

describe('chunker positions', () => {
  const layout = {
    width: 100,
    height: 200,
    // Two lines of 10 characters each, the second starting at offset 11 (after a line break).
    boxes: [
      { start: 0, end: 10, left: 10, top: 20, right: 60, bottom: 30 },
      { start: 11, end: 21, left: 10, top: 40, right: 60, bottom: 50 },
    ],
  };

  it('gives each passage the boxes of its own characters, cut where a passage ends mid-line', () => {
    const [chunk] = chunkUnits([{ text: 'abcdefghij\nklmnopqrst', page: 1, layout }]);
    expect(chunk!.position).toEqual({
      page_width: 100,
      page_height: 200,
      rects: [
        [0.1, 0.1, 0.5, 0.05],
        [0.1, 0.2, 0.5, 0.05],
      ],
    });
  });

  it('splits a long page into passages whose boxes follow their own text', () => {
    const sentence = 'Sentence of fifty characters about the warehouse. ';
    const text = sentence.repeat(30).trim();
    // One box per sentence, each on its own line.
    const boxes = Array.from({ length: 30 }, (_, i) => ({
      start: i * sentence.length,
      end: i * sentence.length + sentence.length - 1,
      left: 10,
      top: i * 6,
      right: 90,
      bottom: i * 6 + 5,
    }));
    const chunks = chunkUnits([{ text, page: 2, layout: { width: 100, height: 200, boxes } }]);
    expect(chunks.length).toBeGreaterThan(1);
    const tops = chunks.map((c) => c.position!.rects.map((r) => r[1]));
    // Every line belongs to exactly one passage, in reading order.
    expect(tops.flat()).toEqual(boxes.map((b) => Math.round((b.top / 200) * 10_000) / 10_000));
  });

  it('leaves table rows and text without a layout unplaced', () => {
    const chunks = chunkUnits([{ text: 'a row', row: 1 }, { text: 'a paragraph of a docx' }]);
    expect(chunks.map((c) => c.position)).toEqual([null, null]);
  });
});
