import { describe, expect, it } from 'vitest';
import { cleanOcrText } from '../../src/services/documents/ocr/ocr-pool';
import { isUnreadLargeImage, mergeInReadingOrder } from '../../src/services/documents/parsers/reading-order';
import type { PageLayout } from '../../src/services/documents/parsers/types';

/** A 400×400 page: a heading at the top, a caption at the bottom (offsets into TEXT). */
const TEXT = '附件扫描件：年度预算批复\n以上扫描件由财务部提供';
const LAYOUT: PageLayout = {
  width: 400,
  height: 400,
  boxes: [
    { start: 0, end: 12, left: 20, top: 20, right: 260, bottom: 36 },
    { start: 13, end: 23, left: 20, top: 360, right: 220, bottom: 374 },
  ],
};
const SCAN = { left: 20, top: 60, right: 380, bottom: 340 };

describe('OCR text among the page text', () => {
  it('reads a large image that the text layer says nothing on; not a small one, nor a searchable scan', () => {
    expect(isUnreadLargeImage(SCAN, TEXT, LAYOUT)).toBe(true);
    expect(isUnreadLargeImage({ left: 20, top: 60, right: 120, bottom: 120 }, TEXT, LAYOUT)).toBe(false);
    // A scan with its own (invisible) text layer over it is searchable already.
    const searchable: PageLayout = {
      ...LAYOUT,
      boxes: [...LAYOUT.boxes, { start: 0, end: 12, left: 40, top: 100, right: 300, bottom: 120 }],
    };
    expect(isUnreadLargeImage(SCAN, TEXT, searchable)).toBe(false);
  });

  it('puts an image’s text after the text above it and before the text below, boxes kept on the text', () => {
    const pieces = mergeInReadingOrder(TEXT, LAYOUT, [{ top: SCAN.top, text: '年度预算是八百万元' }]);
    expect(pieces.map((p) => p.text)).toEqual([
      '附件扫描件：年度预算批复',
      '年度预算是八百万元',
      '以上扫描件由财务部提供',
    ]);
    expect(pieces[0]!.layout!.boxes).toEqual([expect.objectContaining({ start: 0, end: 12, top: 20 })]);
    expect(pieces[1]!.layout).toBeUndefined();
    // The caption's box moved with its text: it now starts its own piece.
    expect(pieces[2]!.layout!.boxes).toEqual([expect.objectContaining({ start: 0, end: 10, top: 360 })]);
  });

  it('writes 〇 for a Latin O or zero read among Chinese numerals, and joins CJK characters', () => {
    expect(cleanOcrText('二 O 二 六 年 三 月')).toBe('二〇二六年三月');
    expect(cleanOcrText('二0二五年，Office 2026')).toBe('二〇二五年，Office 2026');
  });
});
