import type { DocCitation } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { citedSources } from '../../src/features/report/components/cited-sources';

const source = (index: number): DocCitation => ({
  index,
  file_id: `f${index}`,
  file_name: `报告${index}`,
  page: index,
  row: null,
  quote: `第${index}段`,
  chunk_id: String(index),
});

describe('report answer sources', () => {
  it('lists only the passages the answer cites', () => {
    const all = [1, 2, 3, 4].map(source);
    expect(citedSources('市场规模达到 1.2 万亿元[2]，增速 8%[4]。', all).map((c) => c.index)).toEqual([2, 4]);
    expect(citedSources('两份报告都这样说 [1, 3]', all).map((c) => c.index)).toEqual([1, 3]);
    expect(citedSources('没有引用', all)).toEqual([]);
  });
});
