import { describe, expect, it } from 'vitest';
import { parseBrief } from '../../src/modules/report/brief-parse';
import { parseComparison } from '../../src/modules/report/compare-parse';

const sections = (market: string, rest = '- 所选报告未涉及') =>
  [
    '> 标签行不算内容',
    `## 市场规模与增长\n${market}`,
    `## 细分市场\n${rest}`,
    `## 主要企业\n${rest}`,
    `## 发展趋势\n${rest}`,
    `## 风险与挑战\n${rest}`,
  ].join('\n');

describe('the brief frame', () => {
  it('reads points with their citations, bold and numbering removed, uncovered sections empty', () => {
    const parsed = parseBrief(sections('1. **规模**达1.2万亿元 [1][2]\n- 同比增长8% [2]'), 3);
    expect(parsed).toEqual({
      ok: true,
      value: [
        {
          key: 'market',
          title: '市场规模与增长',
          items: [
            { text: '规模达1.2万亿元', citations: [1, 2] },
            { text: '同比增长8%', citations: [2] },
          ],
        },
        ...['segments', 'players', 'trends', 'risks'].map((key) => expect.objectContaining({ key, items: [] })),
      ],
    });
  });

  it.each([
    ['a citation beyond the slices', sections('- 规模很大 [4]'), '引用了不存在的片段编号'],
    ['a point without a citation', sections('- 规模很大'), '有要点没有标注片段编号'],
    ['a heading of its own', `${sections('- 规模 [1]')}\n## 结语\n- 完 [1]`, '出现了规定以外的标题“结语”'],
    ['a missing section', sections('- 规模 [1]').replace('## 发展趋势', ''), '五个二级标题缺失或顺序不对'],
    ['nothing at all', sections('- 所选报告未涉及'), '没有任何要点'],
  ])('refuses %s, saying what is wrong', (_, reply, problem) => {
    expect(parseBrief(reply, 3)).toEqual({ ok: false, problem });
  });
});

describe('the comparison frame', () => {
  // Slices 1-2 belong to report A, 3 to report B.
  const sideOf = new Map<number, 0 | 1>([
    [1, 0],
    [2, 0],
    [3, 1],
  ]);
  const reply = (market: string) =>
    [
      `## 市场规模与增长\n${market}`,
      ...['细分市场', '主要企业', '发展趋势', '风险与挑战'].map(
        (t) => `## ${t}\n- 报告A：所选报告未涉及\n- 报告B：所选报告未涉及\n- 差异：`,
      ),
    ].join('\n');

  it('reads each side with its own citations and the difference', () => {
    const parsed = parseComparison(
      reply('- **报告A**：1.2万亿元 [1]\n- 报告B: 1.3万亿元 [3]\n- 差异：增长了 [1]'),
      sideOf,
    );
    expect(parsed.ok && parsed.value[0]).toEqual({
      key: 'market',
      title: '市场规模与增长',
      left: { text: '1.2万亿元', citations: [1] },
      right: { text: '1.3万亿元', citations: [3] },
      difference: '增长了',
    });
    expect(parsed.ok && parsed.value[1]!.left).toEqual({ text: '', citations: [] });
  });

  it.each([
    [
      'a side citing the other report',
      '- 报告A：1.3万亿元 [3]\n- 报告B：所选报告未涉及',
      '报告A引用了不属于它的片段编号',
    ],
    ['a side without a citation', '- 报告A：1.2万亿元\n- 报告B：所选报告未涉及', '报告A的要点没有标注片段编号'],
    ['a missing side', '- 报告A：1.2万亿元 [1]', '“市场规模与增长”缺少报告B'],
    ['a line of its own', '- 报告A：1.2万亿元 [1]\n- 报告B：所选报告未涉及\n总之很好', '“总之很好”不是规定的三行之一'],
  ])('refuses %s', (_, market, problem) => {
    expect(parseComparison(reply(market), sideOf)).toEqual({ ok: false, problem });
  });
});
