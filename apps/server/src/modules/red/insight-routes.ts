import { redEndpoints as e } from '@portal/contract/endpoints/red';
import type { FastifyPluginAsync } from 'fastify';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { contentDisposition } from '../../routes/api/file/transfer';
import { invalid } from './errors';
import { exportWorkbook } from './export-xlsx';
import { chinaDate, resolveFilter } from './insight-filter';

/** /api/red/insight and /api/red/collect: the insight tab over the signed-in user's selection. */
export const insightRoutes: FastifyPluginAsync = async (app) => {
  const { red, db } = app;
  const filterOf = (userId: number, query: Parameters<typeof resolveFilter>[2]) => resolveFilter(db, userId, query);

  serve(app, e.articleTotal, async ({ query, request }) =>
    red.insight.articleTotal(await filterOf(requireUser(request).id, query)),
  );
  serve(app, e.sceneInsight, async ({ query, request }) =>
    red.insight.sceneInsight(await filterOf(requireUser(request).id, query)),
  );
  serve(app, e.sentimentAnalysis, async ({ query, request }) =>
    red.insight.sentimentAnalysis(await filterOf(requireUser(request).id, query)),
  );
  serve(app, e.sentimentDetail, async ({ query, request }) =>
    red.insight.sentimentDetail(
      await filterOf(requireUser(request).id, query),
      query.polarity,
      query.page_index,
      query.page_size,
    ),
  );
  serve(app, e.highQuality, async ({ query, request }) =>
    red.insight.highQuality(await filterOf(requireUser(request).id, query)),
  );
  serve(app, e.articleList, async ({ query, request }) => {
    const userId = requireUser(request).id;
    return red.insight.articleList(
      userId,
      await filterOf(userId, query),
      query.sort,
      query.page_index,
      query.page_size,
    );
  });
  serve(app, e.articleSelectList, async () => red.projects.selectList());
  serve(app, e.noteDetail, async ({ query, request }) => {
    const found = await red.notes.detail(requireUser(request).id, query.note_id);
    if (!found) throw resourceGone();
    return found;
  });
  serve(app, e.collect, async ({ body, request }) => {
    const pk = await red.notes.pkOf(body.note_id);
    if (!pk) throw resourceGone();
    await red.notes.collect(requireUser(request).id, pk, body.collect);
    return { note_id: body.note_id, collected: body.collect };
  });
  serve(app, e.collectionList, async ({ query, request }) =>
    red.notes.collections(requireUser(request).id, query.page_index, query.page_size),
  );
  serve(app, e.exportArticles, async ({ query, request, reply }) => {
    const userId = requireUser(request).id;
    const filter = await filterOf(userId, query);
    const max = red.config.export_max_rows;
    const notes = await red.insight.exportRows(userId, filter, max);
    if (!notes) throw invalid('start', `筛选结果超过${max}条，请缩小时间范围或增加筛选条件后再导出`);
    const name = `笔记导出_${filter.start}_${filter.end}_${chinaDate(new Date()).replace(/-/g, '')}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', name))
      .header('x-content-type-options', 'nosniff')
      .header('x-red-export-rows', String(notes.length))
      .send(exportWorkbook(notes));
  });
};
