import { PassThrough } from 'node:stream';
import { redSentimentLabels } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { ArticleRow } from './article-rows';

/** Excel refuses longer cells. */
const CELL_MAX = 32_000;

export const EXPORT_COLUMNS = [
  { header: '笔记ID', key: 'note_id', width: 24 },
  { header: '标题', key: 'title', width: 40 },
  { header: '作者', key: 'author', width: 16 },
  { header: '发布时间', key: 'published_at', width: 22 },
  { header: '情感', key: 'sentiment', width: 8 },
  { header: '品牌', key: 'brands', width: 20 },
  { header: '产品', key: 'products', width: 20 },
  { header: '点赞', key: 'likes', width: 10 },
  { header: '收藏', key: 'collects', width: 10 },
  { header: '评论', key: 'comments', width: 10 },
  { header: '分享', key: 'shares', width: 10 },
  { header: '互动量', key: 'interactions', width: 10 },
  { header: '话题', key: 'topics', width: 30 },
  { header: '图片数', key: 'image_count', width: 8 },
  { header: '链接', key: 'link', width: 30 },
  { header: '正文', key: 'content', width: 60 },
] as const;

/** Formula-looking text is written as text, so a spreadsheet never runs a note's "=cmd|…" as a formula. */
function safe(text: string): string {
  const cut = text.slice(0, CELL_MAX);
  return /^[=+\-@\t\r]/.test(cut) ? `'${cut}` : cut;
}

/** The notes as an xlsx workbook, streamed row by row. */
export function exportWorkbook(notes: ArticleRow[]): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('笔记');
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ ...c }));
  void (async () => {
    for (const n of notes) {
      sheet
        .addRow({
          note_id: safe(n.note_id),
          title: safe(n.title),
          author: safe(n.author),
          published_at: n.published_at,
          sentiment: redSentimentLabels[n.sentiment],
          brands: safe((n.brands ?? []).join('、')),
          products: safe((n.products ?? []).join('、')),
          likes: n.likes,
          collects: n.collects,
          comments: n.comments,
          shares: n.shares,
          interactions: n.interactions,
          topics: safe(n.topics.join('|')),
          image_count: n.image_count,
          link: n.link,
          content: safe(n.content ?? ''),
        })
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
