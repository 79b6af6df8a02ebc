import { fileTypeFromBuffer } from 'file-type';
import type { ImportFormat } from './readers';

/**
 * What an uploaded import file is, judged by its content: a workbook by its magic bytes, text by
 * being UTF-8 without NUL bytes, then JSONL when its first character opens an object. The name's
 * extension only has to agree. Answers a Chinese message for anything else.
 */
export async function importFormatOf(bytes: Buffer, fileName: string): Promise<ImportFormat | string> {
  if (bytes.length === 0) return '文件是空的';
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
  if (detected) {
    if (detected.ext === 'xlsx') return 'xlsx';
    return '只支持 CSV、JSONL 或 XLSX 文件';
  }
  if (ext === 'xlsx') return '文件内容不是 XLSX 工作簿';
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return '只支持 CSV、JSONL 或 XLSX 文件';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return '文本文件必须是 UTF-8 编码';
  }
  const first = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  if (first === '{') return ext === 'csv' ? '文件内容是 JSONL，扩展名却是 .csv' : 'jsonl';
  if (['jsonl', 'ndjson', 'json'].includes(ext)) return '文件内容不是 JSONL（每行一个 JSON 对象）';
  return 'csv';
}
