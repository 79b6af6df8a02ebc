import { addbgEndpoints as e } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import type { AddbgConfig } from './config';
import { canCreate, portraitModels, portraitOption, portraitStyles } from './facechain-catalog';
import type { FacechainService } from './facechain-service';

/**
 * Portraits (facechain): photo sets (owner only; another user's id answers like an unknown one),
 * their training (a durable job) and portraits in a style (works of kind `portrait`). Without a
 * portrait engine, `projectCanCreate` and the lists say why, and no face photo is accepted.
 */
export function facechainRoutes(config: AddbgConfig, service: FacechainService): FastifyPluginAsync {
  return async (app) => {
    const owner = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

    serve(app, e.facechainProjectCanCreate, async () => canCreate(config));
    serve(app, e.facechainStyleTypeList, async () => ({
      list: portraitStyles(config).map((s) => portraitOption(config, s.id, s.name)),
    }));
    serve(app, e.facechainStyleModelList, async () => ({
      list: portraitModels(config).map((m) => portraitOption(config, m.id, m.name)),
    }));
    serve(app, e.facechainPhotosList, async ({ request }) => ({ list: await service.list(owner(request)) }));
    serve(app, e.facechainPhotosDetail, async ({ query, request }) => service.detail(owner(request), query.photos_id));
    serve(app, e.facechainAddPhotos, async ({ body, request }) => service.add(owner(request), body));
    serve(app, e.facechainEditPhotos, async ({ body, request }) =>
      service.rename(owner(request), body.photos_id, body.name),
    );
    serve(app, e.facechainDeletePhotos, async ({ body, request }) => {
      await service.delete(owner(request), body.photos_id);
      return null;
    });
    serve(app, e.facechainTrainPhotos, async ({ body, request }) => service.train(owner(request), body.photos_id));
    serve(app, e.facechainTrainProcess, async ({ query, request }) => service.process(owner(request), query.photos_id));
    serve(app, e.facechainGenerate, async ({ body, request }) => ({
      work_id: await service.generate(owner(request), body),
    }));
  };
}
