import { RED_IMPORT_FIELD_LABELS, type RedImportColumn } from '@portal/contract';

/** One note as read from a file or a push, checked; what the writer stores. */
export interface NoteInput {
  noteId: string;
  title: string;
  content: string;
  author: string;
  publishedAt: Date;
  likes: number;
  collects: number;
  comments: number;
  shares: number;
  topics: string[];
  imageCount: number;
  link: string;
}

export type RowResult = { ok: true; note: NoteInput } | { ok: false; message: string };

const MAX = { noteId: 128, title: 200, content: 20_000, author: 100, link: 1000, topic: 50, topics: 30 };

function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text);
  return String(value).trim();
}

/** "1.2万", "3,400", "15" → a whole count; null when it is not one. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 2_000_000_000 ? value : null;
  const text = str(value).replace(/,/g, '');
  if (text === '') return 0;
  const m = /^(\d+(?:\.\d+)?)(万|w|W|亿)?$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]) * (m[2] === '亿' ? 100_000_000 : m[2] ? 10_000 : 1);
  if (!m[2] && !Number.isInteger(n)) return null;
  const rounded = Math.round(n);
  return rounded <= 2_000_000_000 ? rounded : null;
}

/**
 * ISO times, or "2026-05-01 12:30[:00]" / "2026/5/1" read as China time (the sources' zone) when no
 * zone is written; Excel dates arrive as Date objects already.
 */
export function parseTime(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && value > 1e11) return new Date(value);
  // A workbook read without styles gives dates as Excel serial days (wall time, read as China time).
  if (typeof value === 'number' && value > 20_000 && value < 80_000) {
    return new Date((value - 25_569) * 86_400_000 - 8 * 3_600_000);
  }
  const text = str(value);
  const local = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h - 8, +mi, +s));
    return date.getUTCFullYear() > 2000 && date.getTime() <= Date.now() + 86_400_000 ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "a|b", "#a# #b#", "#a#|b" or an array → topic names without the marks. */
export function parseTopics(value: unknown): string[] {
  const text = Array.isArray(value) ? value.map(str).join('|') : str(value);
  const parts = text.includes('#') ? [...text.matchAll(/#([^#|｜\n]+?)#/g)].map((m) => m[1]!) : text.split(/[|｜]/);
  return [...new Set(parts.map((t) => t.replace(/\[话题\]$/, '').trim()).filter(Boolean))];
}

const noNul = (s: string) => !s.includes('\0');

/** The columns a file names its fields by (the header's own spelling); a field's key when absent. */
export type ColumnNames = Partial<Record<RedImportColumn, string>>;

const CJK = /[\u3400-\u9fff]/;

/**
 * A field as a row error names it: the file's own column, and the field's Chinese meaning when
 * that column is not Chinese already, e.g. 发布时间（published_at）, or “发文时间”列.
 */
export function columnLabel(field: RedImportColumn, names: ColumnNames = {}): string {
  const column = names[field]?.trim() || field;
  return CJK.test(column) ? `“${column}”列` : `${RED_IMPORT_FIELD_LABELS[field]}（${column}）`;
}

/** A row error as stored and shown: the row (行 in a file, 条 in a pushed or pulled list) first. */
export function rowMessage(row: number, message: string, unit: '行' | '条' = '行'): string {
  return `第 ${row} ${unit}：${message}`;
}

/** A value as an error quotes it: cut short, （空） when there is none. */
const quoted = (value: unknown, max: number) => str(value).slice(0, max) || '（空）';

/**
 * Checks one row; the message names the column as the file names it (`names`), with its Chinese
 * meaning, so the importer can find and fix the cell. Callers put the row number in front.
 */
export function parseNoteRow(raw: Record<string, unknown>, names: ColumnNames = {}): RowResult {
  const fail = (message: string): RowResult => ({ ok: false, message });
  const col = (field: RedImportColumn) => columnLabel(field, names);
  const noteId = str(raw.note_id);
  if (!noteId) return fail(`${col('note_id')}不能为空`);
  if (noteId.length > MAX.noteId) return fail(`${col('note_id')}不能超过${MAX.noteId}个字符`);
  const title = str(raw.title);
  const content = str(raw.content);
  if (!title && !content) {
    // Title and body may be read from one column.
    const [t, c] = [col('title'), col('content')];
    return fail(t === c ? `${t}不能为空` : `${t}和${c}不能都为空`);
  }
  if (title.length > MAX.title) return fail(`${col('title')}不能超过${MAX.title}个字`);
  if (content.length > MAX.content) return fail(`${col('content')}不能超过${MAX.content}个字`);
  const author = str(raw.author);
  if (author.length > MAX.author) return fail(`${col('author')}不能超过${MAX.author}个字`);
  const texts = { note_id: noteId, title, content, author };
  const withNul = (Object.keys(texts) as (keyof typeof texts)[]).find((field) => !noNul(texts[field]));
  if (withNul) return fail(`${col(withNul)}含有非法字符（NUL）`);
  const publishedAt = parseTime(raw.published_at);
  if (!publishedAt) {
    return fail(
      `${col('published_at')}不是有效的时间：${quoted(raw.published_at, 40)}（可写 2026-05-01 12:30 或 ISO 时间）`,
    );
  }
  const counts: Record<'likes' | 'collects' | 'comments' | 'shares' | 'image_count', number> = {
    likes: 0,
    collects: 0,
    comments: 0,
    shares: 0,
    image_count: 0,
  };
  for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
    const n = parseCount(raw[key]);
    if (n === null) return fail(`${col(key)}必须是不小于 0 的整数（可写 1.2万）：${quoted(raw[key], 20)}`);
    counts[key] = n;
  }
  const topics = parseTopics(raw.topics);
  if (topics.length > MAX.topics) return fail(`${col('topics')}不能超过${MAX.topics}个话题`);
  if (topics.some((t) => t.length > MAX.topic)) return fail(`${col('topics')}中每个话题不能超过${MAX.topic}个字`);
  const link = str(raw.link);
  if (link && (!/^https?:\/\/\S+$/i.test(link) || link.length > MAX.link)) {
    return fail(`${col('link')}必须是以 http:// 或 https:// 开头的地址：${quoted(link, 40)}`);
  }
  return {
    ok: true,
    note: {
      noteId,
      title: title || content.slice(0, 30),
      content,
      author: author || '未知作者',
      publishedAt,
      likes: counts.likes,
      collects: counts.collects,
      comments: counts.comments,
      shares: counts.shares,
      topics,
      imageCount: counts.image_count,
      link,
    },
  };
}
