import { describe, expect, it } from 'vitest';
import { chunkUnits } from '../../src/services/documents/chunker';
import { csvRows, tableUnits } from '../../src/services/documents/parsers/text';
import { rankPassages, tokenize } from '../../src/services/documents';

describe('lexical retrieval', () => {
  it('splits Chinese into bigrams and Latin text into words', () => {
    // 到 alone is too common to count; its bigram still does.
    expect(tokenize('2025年毛利率达到42%')).toEqual([
      '2025',
      '年',
      '年毛',
      '毛',
      '毛利',
      '利',
      '利率',
      '率',
      '率达',
      '达',
      '达到',
      '42',
    ]);
    expect(tokenize('The Gross MARGIN of Orion')).toEqual(['gross', 'margin', 'orion']);
  });

  it('ranks the passage that holds the fact first', () => {
    const passages = [
      { text: '公司成立于2019年，总部位于杭州。' },
      { text: '2025年毛利率达到42%，主要来自云业务。' },
      { text: '明年计划在成都设立研发中心。' },
    ];
    expect(rankPassages('毛利率是多少？', passages, 3)[0]!.item).toBe(passages[1]);
    expect(rankPassages('研发中心设在哪里', passages, 3)[0]!.item).toBe(passages[2]);
    expect(rankPassages('量子计算', passages, 3)).toEqual([]);
  });

  /*
   * A quality set made here: 60 pages of a generated report, each with one fact (a department,
   * a metric, a city, a number) among filler shared by all pages, and a question per page worded
   * differently from the page. The lexical path alone must put the right page in the top 5 for
   * at least 90% of the questions.
   */
  it('finds the right page in the top 5 for at least 90% of 60 questions', () => {
    const departments = [
      '市场部',
      '财务部',
      '研发部',
      '人力资源部',
      '法务部',
      '采购部',
      '客服中心',
      '物流部',
      '品牌部',
      '信息技术部',
    ];
    const metrics = ['销售额', '毛利率', '员工满意度', '客户投诉量', '库存周转天数', '研发投入'];
    const cities = ['杭州', '成都', '武汉', '西安', '苏州', '青岛', '厦门', '长沙', '郑州', '合肥'];
    const filler = '本章节按照集团统一模板编写，数据经过内部审计，仅供内部参考。各部门应结合实际情况执行。';
    const pages: string[] = [];
    const questions: { q: string; page: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const dept = departments[i % departments.length]!;
      const metric = metrics[Math.floor(i / 10) % metrics.length]!;
      const city = cities[(i * 7) % cities.length]!;
      const value = 100 + i * 13;
      pages.push(`${filler}\n第${i + 1}节：${city}${dept}的${metric}为${value}，同比变化明显。\n${filler}`);
      questions.push({ q: `${city}${dept}${metric}是多少？`, page: i + 1 });
    }
    const chunks = chunkUnits(pages.map((text, i) => ({ text, page: i + 1 })));
    let hits = 0;
    for (const { q, page } of questions) {
      const top = rankPassages(q, chunks, 5).map((r) => r.item.page);
      if (top.includes(page)) hits++;
    }
    const rate = hits / questions.length;
    console.info(`top-5 page hit rate: ${(rate * 100).toFixed(1)}% (${hits}/${questions.length})`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps every chunk on one page or one row', () => {
    const long = '这是很长的一段话。'.repeat(200);
    const chunks = chunkUnits([
      { text: long, page: 1 },
      { text: '第二页', page: 2 },
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.text.length <= 800)).toBe(true);
    expect(chunks.at(-1)).toEqual({ text: '第二页', page: 2, row: null });
  });

  it('reads quoted csv fields and names cells by their header', () => {
    const rows = csvRows('用户,评论\n张三,"好用,推荐"\n李四,"说了""很好""\n两行"\n');
    expect(rows).toEqual([
      ['用户', '评论'],
      ['张三', '好用,推荐'],
      ['李四', '说了"很好"\n两行'],
    ]);
    expect(tableUnits(rows, { maxPages: 10, maxRows: 10 }).units).toEqual([
      { text: '用户：张三；评论：好用,推荐', row: 1 },
      { text: '用户：李四；评论：说了"很好"\n两行', row: 2 },
    ]);
  });
});
