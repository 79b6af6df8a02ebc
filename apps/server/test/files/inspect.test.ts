import { formatFileSize, sanitizeFileName, uploadMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/routes/api/file/transfer';
import { inspectHead } from '../../src/services/files/inspect';
import type { UploadRules } from '../../src/services/files/rules';
import { htmlPage, smallDocx, smallPdf, smallPng, smallXlsx, zipOf } from './fixtures';

const everything: UploadRules = { kinds: ['image', 'pdf', 'docx', 'xlsx', 'csv', 'txt', 'md'], maxBytes: 1_000_000 };
const kindOf = async (data: Buffer, name: string, rules = everything) => (await inspectHead(data, name, rules)).kind;
const refusal = (data: Buffer, name: string, rules = everything) =>
  inspectHead(data, name, rules).then(
    () => 'accepted',
    (e: Error) => e.message,
  );

describe('content inspection', () => {
  it('recognises each allowed kind by its bytes', async () => {
    expect(await kindOf(smallPng(), 'x.bin')).toBe('image');
    expect(await kindOf(smallPdf(), 'x.png')).toBe('pdf');
    expect(await kindOf(smallDocx(), 'x.xlsx')).toBe('docx');
    expect(await kindOf(smallXlsx(), 'x')).toBe('xlsx');
    expect(await kindOf(Buffer.from('a,b\n1,2\n'), 'data.csv')).toBe('csv');
    expect(await kindOf(Buffer.from('# 标题\n'), 'notes.markdown')).toBe('md');
    expect(await kindOf(Buffer.from('纯文本'), 'a.txt')).toBe('txt');
  });

  it('refuses what the route does not allow, and text that is not text', async () => {
    const imagesOnly: UploadRules = { kinds: ['image'], maxBytes: 1_000_000 };
    expect(await refusal(smallPdf(), 'a.pdf', imagesOnly)).toBe(uploadMessages.unsupportedType);
    expect(await refusal(htmlPage(), 'a.png', imagesOnly)).toBe(uploadMessages.unsupportedType);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg')).toBe(
      uploadMessages.unsupportedType,
    );
    expect(await refusal(Buffer.from([0x61, 0x00, 0x62]), 'a.txt')).toBe(uploadMessages.unsupportedType);
    expect(await refusal(Buffer.from([0xc3, 0x28, 0x61]), 'a.csv')).toBe(uploadMessages.unsupportedType);
    expect(await refusal(zipOf({ 'a.txt': 'x' }), 'a.docx')).toBe(uploadMessages.unsupportedType);
    expect(await refusal(Buffer.alloc(0), 'a.png')).toBe(uploadMessages.emptyFile);
  });
});

describe('names and sizes', () => {
  it('keeps a display name that is never a path', () => {
    expect(sanitizeFileName('../../x.png')).toBe('x.png');
    expect(sanitizeFileName('C:\\Users\\me\\报告.pdf')).toBe('报告.pdf');
    expect(sanitizeFileName('a\u0000b\u0007c\u202e.png')).toBe('abc.png');
    expect(sanitizeFileName('...hidden')).toBe('hidden');
    expect(sanitizeFileName('../')).toBe('file');
    expect(sanitizeFileName('a"b<c>.png')).toBe('a_b_c_.png');
    const long = sanitizeFileName(`${'长'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('formats sizes in decimal units for the messages', () => {
    expect(formatFileSize(10_000_000)).toBe('10MB');
    expect(formatFileSize(1_500_000)).toBe('1.5MB');
    expect(formatFileSize(20_000)).toBe('20KB');
    expect(formatFileSize(999)).toBe('999B');
    expect(uploadMessages.imageTooLarge(10_000_000)).toBe('图片大小不能超过10MB');
  });

  it('sends names as RFC 5987 filename* with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '季度 报告(终).pdf')).toBe(
      `attachment; filename="__ __(_).pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%20%E6%8A%A5%E5%91%8A%28%E7%BB%88%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(
      `inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`,
    );
  });
});
