import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import {
  RED_IMPORT_COLUMNS,
  RED_IMPORT_FIELD_LABELS,
  RED_IMPORT_REQUIRED,
  type RedImportColumn,
  type RedImportMapping,
} from '@portal/contract';
import { columnLabel, type ColumnNames } from './note-row';

export type ImportFormat = 'csv' | 'jsonl' | 'xlsx';

/**
 * A data row of a file (1-based, as a spreadsheet shows it: the header is row 1) with the columns
 * its fields were read from (for the row's errors), or why it cannot be read.
 */
export type FileRow =
  { row: number; record: Record<string, unknown>; names: ColumnNames } | { row: number; error: string };

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

/**
 * Where each field is in a row: the mapped column, else the column of the field's own name
 * (either case-insensitive, spaces around ignored). A message when a required field or a mapped
 * column is missing.
 */
function headerIndex(header: string[], mapping: RedImportMapping = {}): Map<string, number> | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const columns = new Map<string, number>();
  const unknown: string[] = [];
  for (const field of RED_IMPORT_COLUMNS) {
    const mapped = mapping[field];
    if (mapped === null) continue;
    const at = names.indexOf((mapped ?? field).trim().toLowerCase());
    if (at >= 0) columns.set(field, at);
    else if (mapped !== undefined) unknown.push(`“${mapped}”`);
  }
  if (unknown.length > 0) return `表头中没有这些列：${unknown.join('、')}`;
  const missing = RED_IMPORT_REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    return `表头缺少列：${missing.map((c) => columnLabel(c)).join('、')}（可用的列：${RED_IMPORT_COLUMNS.join(', ')}）`;
  }
  return columns;
}

/** The header's own spelling of each field's column, as row errors name it. */
function headerNames(columns: Map<string, number>, header: unknown[]): ColumnNames {
  const names: ColumnNames = {};
  for (const [field, i] of columns) names[field as RedImportColumn] = String(header[i] ?? '').trim();
  return names;
}

/** The keys a JSON line's fields are read from. */
function mappedNames(mapping: RedImportMapping): ColumnNames {
  const names: ColumnNames = {};
  for (const field of RED_IMPORT_COLUMNS) {
    const mapped = mapping[field];
    if (mapped !== null) names[field] = mapped ?? field;
  }
  return names;
}

/** A JSON line's keys renamed to the fields the mapping reads them into. */
function mappedRecord(value: Record<string, unknown>, mapping: RedImportMapping): Record<string, unknown> {
  if (Object.keys(mapping).length === 0) return value;
  const record: Record<string, unknown> = {};
  for (const field of RED_IMPORT_COLUMNS) {
    const mapped = mapping[field];
    if (mapped === null) continue;
    record[field] = value[mapped ?? field];
  }
  return record;
}

function recordOf(columns: Map<string, number>, cells: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, i] of columns) record[name] = cells[i];
  return record;
}

/** Thrown when a file cannot be read at all (no header, not the format it claims). */
export class UnreadableFile extends Error {}

async function* csvRows(body: Readable, mapping: RedImportMapping): AsyncGenerator<FileRow> {
  let columns: Map<string, number> | undefined;
  let names: ColumnNames = {};
  let row = 0;
  for await (const cells of csvRecords(body)) {
    row++;
    if (!columns) {
      const found = headerIndex(cells, mapping);
      if (typeof found === 'string') throw new UnreadableFile(found);
      columns = found;
      names = headerNames(found, cells);
      continue;
    }
    if (cells.every((c) => c.trim() === '')) continue;
    yield { row, record: recordOf(columns, cells), names };
  }
  if (!columns) throw new UnreadableFile('文件是空的');
}

async function* jsonlRows(body: Readable, mapping: RedImportMapping): AsyncGenerator<FileRow> {
  let row = 0;
  let rest = '';
  const names = mappedNames(mapping);
  const parse = (line: string): FileRow | null => {
    row++;
    if (!line.trim()) return null;
    try {
      const value: unknown = JSON.parse(line);
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        return { row, error: '这一行不是 JSON 对象（每行应是一条笔记，如 {"note_id": "…"}）' };
      }
      return { row, record: mappedRecord(value as Record<string, unknown>, mapping), names };
    } catch {
      return { row, error: '这一行不是有效的 JSON（引号、逗号或括号可能不完整）' };
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

/** Rows of the first worksheet as cell values, streamed (a 100,000-row sheet is never held whole). */
async function* sheetRows(body: Readable): AsyncGenerator<{ row: number; values: unknown[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    let any = false;
    for await (const r of sheet) {
      const excelRow = r as ExcelJS.Row;
      any = true;
      yield { row: excelRow.number, values: (excelRow.values as ExcelJS.CellValue[]).slice(1).map(cellValue) };
    }
    if (!any) throw new UnreadableFile('工作表是空的');
    // Only the first worksheet is read.
    return;
  }
  throw new UnreadableFile('工作簿里没有工作表');
}

async function* xlsxRows(body: Readable, mapping: RedImportMapping): AsyncGenerator<FileRow> {
  let columns: Map<string, number> | undefined;
  let names: ColumnNames = {};
  for await (const { row, values } of sheetRows(body)) {
    if (!columns) {
      const header = values.map((v) => String(v ?? ''));
      const found = headerIndex(header, mapping);
      if (typeof found === 'string') throw new UnreadableFile(found);
      columns = found;
      names = headerNames(found, header);
      continue;
    }
    if (values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue;
    yield { row, record: recordOf(columns, values), names };
  }
}

export function readRows(
  format: ImportFormat,
  body: Readable,
  mapping: RedImportMapping = {},
): AsyncGenerator<FileRow> {
  if (format === 'csv') return csvRows(body, mapping);
  if (format === 'jsonl') return jsonlRows(body, mapping);
  return xlsxRows(body, mapping);
}

/** A cell as the preview shows it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The columns and first rows of a file for the import screen. A text file may be its first whole
 * lines only (the screen sends no more). Rows that cannot be read are left out.
 */
export async function previewRows(
  format: ImportFormat,
  bytes: Buffer,
  limit: number,
): Promise<{ columns: string[]; rows: string[][] }> {
  if (format === 'xlsx') {
    let columns: string[] | undefined;
    const rows: string[][] = [];
    for await (const { values } of sheetRows(Readable.from([bytes]))) {
      if (!columns) columns = values.map(cellText);
      else if (values.some((v) => cellText(v).trim() !== '')) rows.push(columns.map((_, i) => cellText(values[i])));
      if (rows.length >= limit) break;
    }
    return { columns: columns ?? [], rows };
  }
  if (format === 'csv') {
    let columns: string[] | undefined;
    const rows: string[][] = [];
    for await (const cells of csvRecords(Readable.from([bytes]))) {
      if (!columns) columns = cells.map((c) => c.trim());
      else if (cells.some((c) => c.trim() !== '')) rows.push(columns.map((_, i) => cells[i] ?? ''));
      if (rows.length >= limit) break;
    }
    return { columns: columns ?? [], rows };
  }
  const records: Record<string, unknown>[] = [];
  for await (const row of jsonlRows(Readable.from([bytes]), {})) {
    if ('record' in row) records.push(row.record);
    if (records.length >= limit) break;
  }
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return { columns, rows: records.map((r) => columns.map((c) => cellText(r[c]))) };
}

/**
 * Names data vendors give each field, besides the field's own: the preview's first guess of the
 * column mapping.
 */
const VENDOR_NAMES: Record<string, readonly string[]> = {
  note_id: ['笔记id', '笔记编号', 'id', 'noteid', '作品id'],
  title: ['笔记标题', '标题', 'title'],
  content: ['笔记内容', '正文', '内容', '笔记正文', '描述', 'desc'],
  author: ['作者', '博主', '达人', '达人昵称', '作者昵称', '昵称', '用户名', 'nickname'],
  published_at: ['发布时间', '发布日期', '发文时间', '时间', '日期', 'publish_time', 'time'],
  likes: ['点赞', '点赞数', '点赞量', '赞', 'liked_count'],
  collects: ['收藏', '收藏数', '收藏量', 'collected_count'],
  comments: ['评论', '评论数', '评论量', 'comment_count'],
  shares: ['分享', '分享数', '分享量', '转发', '转发数', 'share_count'],
  topics: ['话题', '话题标签', '标签', 'tags'],
  image_count: ['图片数', '图片数量', '图数', 'images'],
  link: ['链接', '笔记链接', 'url', '地址'],
};

/** The column each field would be read from: its own name first, then a vendor's name, else none. */
export function guessMapping(columns: string[]): RedImportMapping {
  const names = columns.map((c) => c.trim().toLowerCase());
  const mapping: RedImportMapping = {};
  const used = new Set<number>();
  for (const field of RED_IMPORT_COLUMNS) {
    const candidates = [field, RED_IMPORT_FIELD_LABELS[field].toLowerCase(), ...(VENDOR_NAMES[field] ?? [])];
    const at = candidates.map((c) => names.indexOf(c)).find((i) => i >= 0 && !used.has(i));
    if (at !== undefined) used.add(at);
    mapping[field] = at === undefined ? null : columns[at]!;
  }
  return mapping;
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
