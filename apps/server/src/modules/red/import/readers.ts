import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { RED_IMPORT_COLUMNS } from '@portal/contract';

export type ImportFormat = 'csv' | 'jsonl' | 'xlsx';

/** A data row of a file (1-based, as a spreadsheet shows it: the header is row 1) or why it cannot be read. */
export type FileRow = { row: number; record: Record<string, unknown> } | { row: number; error: string };

async function* textChunks(body: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of body) {
    let text = decoder.write(chunk as Buffer);
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** RFC 4180 records (quoted fields, doubled quotes, CR LF or LF), streamed. */
async function* csvRecords(body: Readable): AsyncGenerator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  for await (const chunk of textChunks(body)) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else field += c;
        continue;
      }
      if (c === '"') {
        // "" inside a quoted field is one quote.
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (c === ',') {
        record.push(field);
        field = '';
      } else if (c === '\n') {
        record.push(field.replace(/\r$/, ''));
        yield record;
        record = [];
        field = '';
      } else field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field.replace(/\r$/, ''));
    yield record;
  }
}

function headerIndex(header: string[]): Map<string, number> | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = ['note_id', 'published_at'].filter((c) => !names.includes(c));
  if (missing.length > 0) return `表头缺少列：${missing.join('、')}（需要 ${RED_IMPORT_COLUMNS.join(', ')}）`;
  return new Map(
    names.map((n, i) => [n, i] as const).filter(([n]) => (RED_IMPORT_COLUMNS as readonly string[]).includes(n)),
  );
}

function recordOf(columns: Map<string, number>, cells: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, i] of columns) record[name] = cells[i];
  return record;
}

/** Thrown when a file cannot be read at all (no header, not the format it claims). */
export class UnreadableFile extends Error {}

async function* csvRows(body: Readable): AsyncGenerator<FileRow> {
  let columns: Map<string, number> | undefined;
  let row = 0;
  for await (const cells of csvRecords(body)) {
    row++;
    if (!columns) {
      const found = headerIndex(cells);
      if (typeof found === 'string') throw new UnreadableFile(found);
      columns = found;
      continue;
    }
    if (cells.every((c) => c.trim() === '')) continue;
    yield { row, record: recordOf(columns, cells) };
  }
  if (!columns) throw new UnreadableFile('文件是空的');
}

async function* jsonlRows(body: Readable): AsyncGenerator<FileRow> {
  let row = 0;
  let rest = '';
  const parse = (line: string): FileRow | null => {
    row++;
    if (!line.trim()) return null;
    try {
      const value: unknown = JSON.parse(line);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return { row, error: '这一行不是 JSON 对象' };
      return { row, record: value as Record<string, unknown> };
    } catch {
      return { row, error: '这一行不是有效的 JSON' };
    }
  };
  for await (const chunk of textChunks(body)) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const parsed = parse(line);
      if (parsed) yield parsed;
    }
  }
  const last = parse(rest);
  if (last) yield last;
}

function cellValue(value: ExcelJS.CellValue): unknown {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return value.text;
    if ('result' in value) return value.result;
  }
  return value;
}

/** The first worksheet, streamed (a 100,000-row sheet is never held whole). */
async function* xlsxRows(body: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    let columns: Map<string, number> | undefined;
    for await (const r of sheet) {
      const excelRow = r as ExcelJS.Row;
      const values = (excelRow.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
      if (!columns) {
        const found = headerIndex(values.map((v) => String(v ?? '')));
        if (typeof found === 'string') throw new UnreadableFile(found);
        columns = found;
        continue;
      }
      if (values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue;
      yield { row: excelRow.number, record: recordOf(columns, values) };
    }
    if (!columns) throw new UnreadableFile('工作表是空的');
    // Only the first worksheet is read.
    return;
  }
  throw new UnreadableFile('工作簿里没有工作表');
}

export function readRows(format: ImportFormat, body: Readable): AsyncGenerator<FileRow> {
  if (format === 'csv') return csvRows(body);
  if (format === 'jsonl') return jsonlRows(body);
  return xlsxRows(body);
}

/** Data rows of a text file, for the progress bar (lines minus the header); null for workbooks. */
export async function countRows(format: ImportFormat, body: Readable): Promise<number | null> {
  if (format === 'xlsx') {
    body.destroy();
    return null;
  }
  let lines = 0;
  let last = 10;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    for (let i = 0; i < buf.length; i++) if (buf[i] === 10) lines++;
    if (buf.length) last = buf[buf.length - 1]!;
  }
  if (last !== 10) lines++;
  return Math.max(0, format === 'csv' ? lines - 1 : lines);
}
