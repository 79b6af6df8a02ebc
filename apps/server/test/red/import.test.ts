import type { RedArticleList, RedImportPreview, RedImportStatus } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../chat/helpers';
import { api, body, type TestApp } from '../helper';
import { buildRedApp, getJson, importFile, multipart, waitImport } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;
const PUSH_KEY = 'push-key-for-tests-0123456789';

beforeAll(async () => {
  t = await buildRedApp(0, [{ source: 'vendor-a', key: PUSH_KEY }]);
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

const HEADER = 'note_id,title,content,author,published_at,likes,collects,comments,shares,topics,image_count,link';
const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

async function listAll(query: Record<string, string | number> = {}) {
  return getJson<RedArticleList>(t, admin, '/api/red/insight/article_list', { page_size: 100, ...query });
}

describe('red import', () => {
  it('imports a good CSV file as a job: quoted commas, #topic# and | topics, 万 counts', async () => {
    const csv = [
      HEADER,
      `csv-1,好用的面霜,"保湿很好，用完不油腻, 会回购",阿云,${recent(5)},1.2万,300,20,5,#秋冬护肤# #面霜#,3,https://example.com/1`,
      `csv-2,踩雷了,"用完闷痘 避雷 ""真的""",小鹿,${recent(6)},12,3,1,0,秋冬护肤|避雷,1,`,
      `csv-3,今天的咖啡,记录一下,橘子,2026-01-02 08:30,0,0,0,0,,0,`,
    ].join('\r\n');
    const started = await importFile(t, admin, 'notes.csv', `\uFEFF${csv}`, '供应商A');
    expect(started.code).toBe(0);
    const { last } = await waitImport<RedImportStatus>(t, admin, started.data.job_id);
    expect(last).toMatchObject({ status: 'done', total: 3, imported: 3, duplicates: 0, errors: [], source: '供应商A' });
    const detail = await getJson<{ likes: number; topics: string[]; content: string; sentiment: string }>(
      t,
      admin,
      '/api/red/insight/article_detail',
      { note_id: 'csv-1' },
    );
    expect(detail.data).toMatchObject({
      likes: 12000,
      topics: ['秋冬护肤', '面霜'],
      content: '保湿很好，用完不油腻, 会回购',
      sentiment: 'positive',
    });
    const second = await getJson<{ topics: string[]; content: string; sentiment: string }>(
      t,
      admin,
      '/api/red/insight/article_detail',
      { note_id: 'csv-2' },
    );
    expect(second.data).toMatchObject({
      topics: ['秋冬护肤', '避雷'],
      content: '用完闷痘 避雷 "真的"',
      sentiment: 'negative',
    });
  });

  it('keeps the good rows of a file with bad rows and reports each bad row in Chinese', async () => {
    const csv = [
      HEADER,
      `bad-ok-1,标题一,内容,作者,${recent(1)},1,1,1,1,,0,`,
      `,没有ID,内容,作者,${recent(1)},1,1,1,1,,0,`,
      `bad-2,时间不对,内容,作者,昨天下午,1,1,1,1,,0,`,
      `bad-3,点赞不对,内容,作者,${recent(1)},-5,1,1,1,,0,`,
      `bad-4,链接不对,内容,作者,${recent(1)},1,1,1,1,,0,javascript:alert(1)`,
      `bad-ok-2,标题二,内容,作者,${recent(2)},2,2,2,2,,0,`,
    ].join('\n');
    const started = await importFile(t, admin, 'bad.csv', csv);
    const { last } = await waitImport<RedImportStatus>(t, admin, started.data.job_id);
    expect(last).toMatchObject({ status: 'done', total: 6, imported: 2, failed: 4 });
    expect(last.errors.map((e) => e.row)).toEqual([3, 4, 5, 6]);
    // Each names its row, the column as the file spells it and, for an English name, its meaning.
    expect(last.errors.map((e) => e.message)).toEqual([
      '第 3 行：笔记ID（note_id）不能为空',
      '第 4 行：发布时间（published_at）不是有效的时间：昨天下午（可写 2026-05-01 12:30 或 ISO 时间）',
      '第 5 行：点赞数（likes）必须是不小于 0 的整数（可写 1.2万）：-5',
      '第 6 行：链接（link）必须是以 http:// 或 https:// 开头的地址：javascript:alert(1)',
    ]);
    const list = await listAll({ keyword: '标题' });
    expect(list.data.list.map((n) => n.note_id).sort()).toEqual(['bad-ok-1', 'bad-ok-2']);
  });

  it('imports the same JSONL file twice without doubling anything', async () => {
    const lines = [1, 2, 3]
      .map((i) =>
        JSON.stringify({
          note_id: `dup-${i}`,
          title: `重复导入${i}`,
          content: '不错',
          published_at: recent(i),
          likes: i,
          topics: ['重复话题'],
        }),
      )
      .join('\n');
    const first = await waitImport<RedImportStatus>(
      t,
      admin,
      (await importFile(t, admin, 'a.jsonl', lines)).data.job_id,
    );
    expect(first.last).toMatchObject({ status: 'done', imported: 3, duplicates: 0 });
    const again = await waitImport<RedImportStatus>(
      t,
      admin,
      (await importFile(t, admin, 'a.jsonl', lines)).data.job_id,
    );
    expect(again.last).toMatchObject({ status: 'done', imported: 0, duplicates: 3 });
    const list = await listAll({ keyword: '重复导入' });
    expect(list.data.total).toBe(3);
  });

  it('reads an XLSX workbook by its header names', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('notes');
    sheet.addRow(['title', 'note_id', 'published_at', 'likes', 'topics', 'content']);
    sheet.addRow(['表格导入', 'xlsx-1', new Date(Date.now() - 3_600_000), 7, '表格话题', '很满意']);
    sheet.addRow(['坏行', 'xlsx-2', 'not a date', 7, '', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const { last } = await waitImport<RedImportStatus>(
      t,
      admin,
      (await importFile(t, admin, 'n.xlsx', bytes)).data.job_id,
    );
    expect(last).toMatchObject({ status: 'done', imported: 1, failed: 1, errors: [{ row: 3 }] });
  });

  it("previews a vendor's file with its columns guessed, and imports it with the columns chosen", async () => {
    const csv = [
      '笔记ID,笔记标题,正文,博主,发布时间,点赞数,收藏,备注',
      `v-1,面霜测评,保湿不油腻,阿云,${recent(3)},120,30,第一批`,
      `v-2,咖啡记录,记录一下,橘子,${recent(4)},5,1,第二批`,
    ].join('\n');
    const upload = async (url: string, fields: Record<string, string> = {}) => {
      const { payload, headers } = multipart('vendor.csv', csv, fields);
      const res = await api(t, admin, { method: 'POST', url, payload, headers });
      return { status: res.statusCode, ...body<unknown>(res) };
    };
    const preview = await upload('/api/red/admin/import/preview');
    expect(preview.data as RedImportPreview).toMatchObject({
      format: 'csv',
      columns: ['笔记ID', '笔记标题', '正文', '博主', '发布时间', '点赞数', '收藏', '备注'],
      mapping: { note_id: '笔记ID', title: '笔记标题', content: '正文', author: '博主', likes: '点赞数', topics: null },
    });
    expect((preview.data as RedImportPreview).rows[1]![0]).toBe('v-2');
    // The administrator reads the remark as the topic, and the title from the body.
    const mapping = { ...(preview.data as RedImportPreview).mapping, topics: '备注', title: '正文' };
    const started = await upload('/api/red/admin/import', { mapping: JSON.stringify(mapping) });
    const { last } = await waitImport<RedImportStatus>(t, admin, (started.data as { job_id: string }).job_id);
    expect(last).toMatchObject({ status: 'done', imported: 2, errors: [] });
    // A bad row of the vendor's file is named by the vendor's own columns.
    const bad = [csv.split('\n')[0], `v-3,,,阿云,上周,很多,1,无`].join('\n');
    const { payload, headers } = multipart('vendor-bad.csv', bad, { mapping: JSON.stringify(mapping) });
    const badStarted = body<{ job_id: string }>(
      await api(t, admin, { method: 'POST', url: '/api/red/admin/import', payload, headers }),
    );
    const badDone = await waitImport<RedImportStatus>(t, admin, badStarted.data.job_id);
    expect(badDone.last.errors).toEqual([{ row: 2, message: '第 2 行：“正文”列不能为空' }]);
    const wrongTime = [csv.split('\n')[0], `v-4,正文,正文,阿云,上周,很多,1,无`].join('\n');
    const second = multipart('vendor-time.csv', wrongTime, { mapping: JSON.stringify(mapping) });
    const timeStarted = body<{ job_id: string }>(
      await api(t, admin, { method: 'POST', url: '/api/red/admin/import', ...second }),
    );
    const timeDone = await waitImport<RedImportStatus>(t, admin, timeStarted.data.job_id);
    expect(timeDone.last.errors[0]!.message).toMatch(/^第 2 行：“发布时间”列不是有效的时间：上周/);
    const detail = await getJson<{ title: string; topics: string[]; likes: number }>(
      t,
      admin,
      '/api/red/insight/article_detail',
      { note_id: 'v-1' },
    );
    expect(detail.data).toMatchObject({ title: '保湿不油腻', topics: ['第一批'], likes: 120 });
    const unmapped = await upload('/api/red/admin/import', { mapping: JSON.stringify({ note_id: null }) });
    expect(unmapped.status).toBe(400);
    expect(unmapped.message).toContain('笔记ID');
    const missing = await upload('/api/red/admin/import', { mapping: JSON.stringify({ note_id: '编号' }) });
    const failed = await waitImport<RedImportStatus>(t, admin, (missing.data as { job_id: string }).job_id);
    expect(failed.last).toMatchObject({ status: 'failed', message: '表头中没有这些列：“编号”' });
  });

  it('refuses staff, files that are not notes, and a missing header', async () => {
    expect((await importFile(t, staff, 'notes.csv', `${HEADER}\n`)).status).toBe(403);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
      'hex',
    );
    const refused = await importFile(t, admin, 'notes.csv', png);
    expect(refused.status).toBe(415);
    expect(refused.message).toContain('CSV');
    const headless = await importFile(t, admin, 'x.csv', 'a,b,c\n1,2,3\n');
    const { last } = await waitImport<RedImportStatus>(t, admin, headless.data.job_id);
    expect(last.status).toBe('failed');
    expect(last.message).toContain('表头缺少列');
    const unknown = await getJson(t, admin, '/api/red/admin/import/status', { job_id: 'nope' });
    expect(unknown.code).toBe(4000);
  });

  // A minute or two of parsing and analysis whichever engine stores the rows: it runs on the
  // embedded one, which every run has; the other import cases cover PostgreSQL's writes.
  it.skipIf(process.env.TEST_DB !== 'pglite')(
    'imports a 100,000-row file as a durable job whose progress moves',
    async () => {
      const rows = [HEADER];
      for (let i = 0; i < 100_000; i++) {
        rows.push(
          `big-${i},第${i}条笔记,${i % 3 === 0 ? '很好用' : '一般'},作者${i % 50},${recent(1 + (i % 500))},${i % 1000},1,1,1,大文件话题|话题${i % 20},1,`,
        );
      }
      const started = await importFile(t, admin, 'big.csv', rows.join('\n'));
      expect(started.code).toBe(0);
      const { last, seen } = await waitImport<RedImportStatus>(t, admin, started.data.job_id, 600_000);
      expect(last).toMatchObject({ status: 'done', total: 100_000, imported: 100_000, expected: 100_000 });
      const partial = seen.filter((s) => s.status === 'running' && s.total > 0 && s.total < 100_000);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial[0]!.expected).toBe(100_000);
    },
    900_000,
  );

  it('accepts pushes with the source key and refuses a wrong key', async () => {
    const notes = [
      { note_id: 'push-1', title: '推送笔记', content: '很好喝', published_at: recent(2), likes: 3 },
      { note_id: '' },
    ];
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/red/push?source=vendor-a',
      headers: { 'x-red-push-key': 'wrong-key-wrong-key-wrong' },
      payload: { notes },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 4003, message: '推送来源或密钥无效' });
    const unknownSource = await t.app.inject({
      method: 'POST',
      url: '/api/red/push?source=vendor-b',
      headers: { 'x-red-push-key': PUSH_KEY },
      payload: { notes },
    });
    expect(unknownSource.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/red/push?source=vendor-a',
      headers: { 'x-red-push-key': PUSH_KEY },
      payload: { notes },
    });
    expect(ok.json()).toMatchObject({
      code: 0,
      data: { imported: 1, duplicates: 0, errors: [{ row: 2, message: '第 2 条：笔记ID（note_id）不能为空' }] },
    });
    expect((await listAll({ keyword: '推送笔记' })).data.total).toBe(1);
  });
});
