import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chunkTerms, documents, documentTerms } from '../../src/db/schema';
import { chunkUnits } from '../../src/services/documents/chunker';
import { columnRoles, withoutRowFacts } from '../../src/services/documents/parsers/table-columns';
import { csvRows, tableUnits } from '../../src/services/documents/parsers/text';
import { FileScopedRetrieval, Retrieval, tokenize } from '../../src/services/documents';
import { migratedTestDatabase } from '../helper';
import { seedDocument, seedUser } from '../documents/seed';

describe('word segmentation', () => {
  it('cuts Chinese into words (and their parts) and Latin text into words', () => {
    const terms = tokenize('2025年毛利率达到42%');
    expect(terms).toEqual(expect.arrayContaining(['2025', '年', '毛利率', '毛利', '利率', '达到', '42']));
    // No character pairs across word boundaries (年毛, 率达), no punctuation.
    expect(terms).not.toContain('年毛');
    expect(terms).not.toContain('率达');
    expect(terms).not.toContain('%');
    expect(tokenize('The Gross MARGIN of Orion')).toEqual(['gross', 'margin', 'orion']);
    // 他和服务员: 和服 (kimono) is not a word there, as a character bigram would have it.
    expect(tokenize('他和服务员聊天')).not.toContain('和服');
  });
});

describe('lexical retrieval in the database', () => {
  const database = migratedTestDatabase();
  let retrieval: Retrieval;
  let owner: number;

  beforeAll(async () => {
    retrieval = new Retrieval(database.db);
    owner = await seedUser(database.db);
  });

  const inCollection = (collection: string) => eq(documents.collection, collection);

  it('ranks the passage that holds the fact first, and finds nothing without a shared word', async () => {
    await seedDocument(database.db, {
      ownerId: owner,
      collection: 'facts',
      name: 'facts.pdf',
      pages: [
        '公司成立于2019年，总部位于杭州。',
        '2025年毛利率达到42%，主要来自云业务。',
        '明年计划在成都设立研发中心。',
      ],
    });
    const first = async (q: string) => (await retrieval.search(inCollection('facts'), q, 3))[0]?.chunk.page;
    expect(await first('毛利率是多少？')).toBe(2);
    expect(await first('研发中心设在哪里')).toBe(3);
    // 计算 shares the character 计 with 计划, but no word.
    expect(await retrieval.search(inCollection('facts'), '量子计算', 3)).toEqual([]);
  });

  it('matches the words of a Chinese question in another order and not across word boundaries', async () => {
    await seedDocument(database.db, {
      ownerId: owner,
      collection: 'words',
      name: 'words.pdf',
      pages: ['他和服务员聊天，说价格太高。', '这件和服的价格是八百元。', '市场部在杭州的销售额为300万元。'],
    });
    const pages = async (q: string) => (await retrieval.search(inCollection('words'), q, 5)).map((r) => r.chunk.page);
    // The question's text appears nowhere as written; its words do.
    expect((await pages('杭州市场部销售额'))[0]).toBe(3);
    // Only the page where 和服 is a word; a bigram index would also return page 1.
    expect(await pages('和服')).toEqual([2]);
    expect((await pages('和服的价格是多少'))[0]).toBe(2);
  });

  /*
   * A quality set made here: 60 pages of a generated report, each with one fact (a department,
   * a metric, a city, a number) among filler shared by all pages, and a question per page worded
   * differently from the page. The lexical path alone must put the right page in the top 5 for
   * at least 90% of the questions.
   */
  it('finds the right page in the top 5 for at least 90% of 60 questions', async () => {
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
    await seedDocument(database.db, { ownerId: owner, collection: 'quality', name: 'quality.pdf', pages });
    let hits = 0;
    for (const { q, page } of questions) {
      const top = (await retrieval.search(inCollection('quality'), q, 5)).map((r) => r.chunk.page);
      if (top.includes(page)) hits++;
    }
    const rate = hits / questions.length;
    console.info(`top-5 page hit rate: ${(rate * 100).toFixed(1)}% (${hits}/${questions.length})`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it("never returns another user's or another collection's passages, nor those of unready documents", async () => {
    const stranger = await seedUser(database.db);
    const text = ['青岛仓库的盘点结果显示库存周转天数为18天。'];
    const mine = await seedDocument(database.db, { ownerId: owner, collection: 'mine', name: 'mine.pdf', pages: text });
    const other = await seedDocument(database.db, {
      ownerId: owner,
      collection: 'other',
      name: 'other.pdf',
      pages: text,
    });
    const theirs = await seedDocument(database.db, {
      ownerId: stranger,
      collection: 'mine',
      name: 'theirs.pdf',
      pages: text,
    });
    // As DocumentService.search scopes a session: its collection and its owner.
    const scoped = (collection: string, userId: number) =>
      retrieval.search(
        and(eq(documents.collection, collection), eq(documents.ownerId, userId)),
        '青岛库存周转天数',
        10,
      );
    expect((await scoped('mine', owner)).map((r) => r.chunk.fileId)).toEqual([mine]);
    expect((await scoped('mine', stranger)).map((r) => r.chunk.fileId)).toEqual([theirs]);
    expect((await scoped('other', owner)).map((r) => r.chunk.fileId)).toEqual([other]);
    const files = new FileScopedRetrieval(database.db, retrieval);
    expect((await files.search([mine, other], '青岛库存', 10)).map((r) => r.chunk.fileId).sort()).toEqual(
      [mine, other].sort(),
    );
    // A document being parsed again is out of every search until it is ready.
    await database.db.update(documents).set({ status: 'parsing' }).where(eq(documents.fileId, mine));
    expect(await scoped('mine', owner)).toEqual([]);
    expect((await files.search([mine, other], '青岛库存', 10)).map((r) => r.chunk.fileId)).toEqual([other]);
  });

  it('indexes documents stored before the lexical index once, in the background pass', async () => {
    const fileId = await seedDocument(database.db, {
      ownerId: owner,
      collection: 'earlier',
      name: 'earlier.pdf',
      pages: ['厦门分公司的员工满意度为91分。'],
    });
    // As a document parsed before the index existed: chunks without terms.
    await database.db.delete(chunkTerms).where(eq(chunkTerms.fileId, fileId));
    await database.db.delete(documentTerms).where(eq(documentTerms.fileId, fileId));
    expect(await retrieval.search(inCollection('earlier'), '厦门员工满意度', 3)).toEqual([]);
    expect(await retrieval.terms.backfill()).toBe(1);
    expect((await retrieval.search(inCollection('earlier'), '厦门员工满意度', 3))[0]?.chunk.fileId).toBe(fileId);
    expect(await retrieval.terms.backfill()).toBe(0);
  });
});

describe('chunking and tables', () => {
  it('keeps every chunk on one page or one row', () => {
    const long = '这是很长的一段话。'.repeat(200);
    const chunks = chunkUnits([
      { text: long, page: 1 },
      { text: '第二页', page: 2 },
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.text.length <= 800)).toBe(true);
    expect(chunks.at(-1)).toEqual({ text: '第二页', page: 2, row: null, position: null });
  });

  it('reads quoted csv fields; the comment is the text, the other columns its attribute line', () => {
    const rows = csvRows('用户,评论\n张三,"好用,推荐"\n李四,"说了""很好""\n两行"\n');
    expect(rows).toEqual([
      ['用户', '评论'],
      ['张三', '好用,推荐'],
      ['李四', '说了"很好"\n两行'],
    ]);
    expect(tableUnits(rows, { maxPages: 10, maxRows: 10 }).units).toEqual([
      { text: '好用,推荐\n〔用户：张三〕', row: 1 },
      { text: '说了"很好" 两行\n〔用户：李四〕', row: 2 },
    ]);
  });

  it('tells comment columns from id, date, number and channel columns', () => {
    const names = ['编号', '提交时间', '渠道', '评分', '内容', '备用'];
    const data = [
      ['A-001', '2024-05-01 10:00', 'App', '5', '用起来很顺手，界面清爽', ''],
      ['A-002', '2024/05/02', '门店', '2', '排队太久了，体验很差', ''],
      ['A-003', '2024年5月3日', 'App', '4', '希望多一些新品', ''],
    ];
    expect(columnRoles(names, data)).toEqual(['id', 'date', 'category', 'number', 'text', 'category']);
    const units = tableUnits([names, ...data], { maxPages: 10, maxRows: 10 }).units;
    expect(units[1]).toEqual({
      text: '排队太久了，体验很差\n〔编号：A-002；提交时间：2024/05/02；渠道：门店；评分：2〕',
      row: 2,
    });
    expect(withoutRowFacts(units[1]!.text)).toBe('排队太久了，体验很差');
  });
});
