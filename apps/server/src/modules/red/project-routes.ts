import { RED_RANK_WINDOWS } from '@portal/contract';
import { redEndpoints as e } from '@portal/contract/endpoints/red';
import type { FastifyPluginAsync } from 'fastify';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';

const RED_WINDOWS = RED_RANK_WINDOWS.map((w) => ({ id: w.id, name: w.name }));

/** /api/red/project and /api/red/rank: categories, subscriptions and hot topics. */
export const projectRoutes: FastifyPluginAsync = async (app) => {
  const { red } = app;

  serve(app, e.projectList, async ({ request }) => red.projects.list(requireUser(request).id));
  serve(app, e.subscribeProjectList, async ({ request }) => red.projects.subscriptions(requireUser(request).id));
  serve(app, e.brandProductList, async ({ query, request }) => {
    if (!(await red.projects.exists(query.project_id))) throw resourceGone();
    return red.projects.brandProducts(requireUser(request).id, query.project_id);
  });
  serve(app, e.subscribeProject, async ({ body, request }) => {
    if (!(await red.projects.subscribeProject(requireUser(request).id, body.project_id, body.subscribe))) {
      throw resourceGone();
    }
    return { project_id: body.project_id, subscribed: body.subscribe };
  });
  serve(app, e.subscribeBrand, async ({ body, request }) => {
    if (!(await red.projects.subscribeBrand(requireUser(request).id, body.brand_id, body.subscribe))) {
      throw resourceGone();
    }
    return { brand_id: body.brand_id, subscribed: body.subscribe };
  });

  serve(app, e.topicTypeList, async () => {
    const projects = await red.projects.list(0);
    return [{ id: 'all', name: '全部' }, ...projects.map((p) => ({ id: String(p.project_id), name: p.name }))];
  });
  serve(app, e.statisticsTimeList, async () => RED_WINDOWS);
  serve(app, e.topicList, async ({ query }) => red.rank.topicList(query));
  serve(app, e.topicDetail, async ({ query, request }) =>
    red.rank.topicDetail(requireUser(request).id, query.topic, query.time),
  );
};
