import { addbgEndpoints as e } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import type { AddbgService } from './addbg-service';

/** Projects group a product's source images and works. */
export function projectRoutes(service: AddbgService): FastifyPluginAsync {
  return async (app) => {
    const { projects } = service;
    serve(app, e.projectList, async ({ request }) => ({ list: await projects.list(requireUser(request).id) }));
    serve(app, e.projectDetail, async ({ query, request }) => {
      const ownerId = requireUser(request).id;
      const project = await projects.view(ownerId, query.project_id);
      const { list } = await service.list(ownerId, { project_id: query.project_id, page: 1, page_size: 100 });
      return { project, works: list };
    });
    serve(app, e.projectCreate, async ({ body, request }) =>
      projects.create(requireUser(request).id, body.name, body.description),
    );
    serve(app, e.projectEdit, async ({ body, request }) =>
      projects.edit(requireUser(request).id, body.project_id, body.name, body.description),
    );
    serve(app, e.projectDelete, async ({ body, request }) => {
      await projects.delete(requireUser(request).id, body.project_id);
    });
  };
}
