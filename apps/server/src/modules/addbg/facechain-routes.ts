import { ErrorCode, addbgEndpoints as e, addbgEngineNames, addbgMessages } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import type { AddbgConfig } from './config';
import { aiEngineId, aiOption, undrivenOption } from './engines';
import { notFound } from './work-store';

/**
 * Portraits (facechain) need a personal model trained on a GPU engine, which this version does not
 * drive: the lists say so, `projectCanCreate` says why, and nothing that would store face photos
 * is accepted (so no personal data is kept for a feature that cannot run). A photo set id can
 * never be found.
 */
export function facechainRoutes(config: AddbgConfig): FastifyPluginAsync {
  return async (app) => {
    const refuse = async () => {
      throw new AppError(ErrorCode.validation, addbgMessages.facechainNeedsGpu);
    };
    const unknown = async () => {
      throw notFound();
    };
    // Scenes, styles and logos run on a configured engine; portrait training is not driven on any.
    const engine = aiEngineId(config);
    const option = (id: string, name: string) =>
      engine
        ? undrivenOption(config, id, name, `${addbgEngineNames[engine]}已配置，但本版本尚未接入人像训练工作流`)
        : aiOption(config, id, name, '人像写真');
    serve(app, e.facechainProjectCanCreate, async () => ({
      can_create: false,
      reason: addbgMessages.facechainNeedsGpu,
      engines: ['comfyui' as const, 'sdwebui' as const],
    }));
    serve(app, e.facechainPhotosList, async () => ({ list: [] }));
    serve(app, e.facechainStyleTypeList, async () => ({
      list: [option('idphoto', '证件照'), option('business', '商务形象照')],
    }));
    serve(app, e.facechainStyleModelList, async () => ({
      list: [option('default', '默认写真模型')],
    }));
    serve(app, e.facechainAddPhotos, refuse);
    serve(app, e.facechainTrainPhotos, unknown);
    serve(app, e.facechainGenerate, unknown);
    serve(app, e.facechainPhotosDetail, unknown);
    serve(app, e.facechainEditPhotos, unknown);
    serve(app, e.facechainDeletePhotos, unknown);
    serve(app, e.facechainTrainProcess, unknown);
  };
}
