import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import type { Envelope } from '@portal/contract';
import { api, body, buildTestApp, issueTokensFor, type BuildTestAppOptions, type TestApp } from '../helper';
import { parseSse, type SseEvent } from '../chat/helpers';
import { multipart, zipOf } from '../files/fixtures';

export { parseSse, type SseEvent };

/** The app with the demo model (no provider) and fast job polling. */
export async function buildSessionsApp(opts: BuildTestAppOptions = {}): Promise<TestApp> {
  return buildTestApp({
    ...opts,
    config: (c) => {
      const base = { ...c, jobs: { ...c.jobs, poll_ms: 100 } };
      return opts.config ? opts.config(base) : base;
    },
  });
}

export async function tokenFor(t: TestApp, login: string): Promise<string> {
  return (await issueTokensFor(t, login)).access_token.token;
}

export async function get<T = unknown>(t: TestApp, token: string, url: string, query: Record<string, string> = {}) {
  return body<T>(await api(t, token, { method: 'GET', url, query }));
}

export async function post<T = unknown>(t: TestApp, token: string, url: string, payload: unknown = {}) {
  return body<T>(await api(t, token, { method: 'POST', url, payload: payload as Record<string, unknown> }));
}

/** POSTs an event-stream call; a JSON refusal comes back as `json`. */
export async function streamPost(
  t: TestApp,
  token: string,
  url: string,
  payload: unknown,
): Promise<{ status: number; events: SseEvent[]; json?: Envelope<unknown> }> {
  const res = await api(t, token, { method: 'POST', url, payload: payload as Record<string, unknown> });
  const status = res.statusCode;
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    return { status, events: parseSse(res.body) };
  }
  return { status, events: [], json: res.json() };
}

export async function upload<T = unknown>(
  t: TestApp,
  token: string,
  module: string,
  filename: string,
  data: Buffer,
  sessionId?: string,
) {
  const { payload, headers } = multipart({ filename, data });
  const url = `/api/${module}/file/upload${sessionId ? `?session_id=${sessionId}` : ''}`;
  const res = await api(t, token, { method: 'POST', url, payload, headers });
  return { status: res.statusCode, env: body<T>(res) };
}

/** Polls until `check` holds; generous for a busy machine (each parse starts a worker thread). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PDF with one text line per page ('' leaves the page without any text, like a scan). */
export async function pdfOf(pages: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([400, 400]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 16, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

/** A page of a generated PDF: a line of text (with a text layer) or a PNG drawn as a scan (none). */
export type PdfPage = string | { scan: Buffer };

/** A PDF mixing text pages and image-only pages whose words only OCR can read. */
export async function mixedPdfOf(pages: readonly PdfPage[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = doc.addPage([400, 400]);
    if (typeof content === 'string') {
      content.split('\n').forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 16, size: 11, font }));
    } else {
      const image = await doc.embedPng(content.scan);
      const width = 380;
      const height = (image.height / image.width) * width;
      page.drawImage(image, { x: 10, y: 380 - height, width, height });
    }
  }
  return Buffer.from(await doc.save());
}

/**
 * A PDF whose Standard security handler wants a user password (its O/U keys match no empty
 * password), so readers must ask for one; the content stays unencrypted, which does not matter.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 400]).drawText('A confidential page.', { x: 20, y: 360, size: 11, font });
  const key = (bytes: number) => PDFHexString.of('ab'.repeat(bytes));
  const encrypt = doc.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44 });
  encrypt.set(PDFName.of('O'), key(32));
  encrypt.set(PDFName.of('U'), key(32));
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([key(16), key(16)]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A page in two columns, each drawn top to bottom (as layout programs write them). */
export async function twoColumnPdf(left: readonly string[], right: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([500, 400]);
  left.forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 14, size: 10, font }));
  right.forEach((line, i) => page.drawText(line, { x: 260, y: 360 - i * 14, size: 10, font }));
  return Buffer.from(await doc.save());
}

/** A text page, then a page holding a table drawn cell by cell, row by row (as report tools write them). */
export async function tablePdf(intro: string, rows: readonly (readonly string[])[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([500, 400]).drawText(intro, { x: 20, y: 360, size: 11, font });
  const page = doc.addPage([500, 400]);
  rows.forEach((row, i) =>
    row.forEach((cell, j) => page.drawText(cell, { x: 40 + j * 120, y: 340 - i * 20, size: 10, font })),
  );
  return Buffer.from(await doc.save());
}

/** An .xlsx whose first sheet holds these rows. */
export async function xlsxOf(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal but complete .docx with one paragraph per entry. */
export function docxOf(paragraphs: readonly string[]): Buffer {
  const ns = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${ns}"><w:body>` +
      paragraphs.map((p) => `<w:p><w:r><w:t>${escapeXml(p)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  });
}
