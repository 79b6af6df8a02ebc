import { ErrorCode, addbgEndpoints as e, addbgMessages } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import type { AddbgConfig } from './config';
import { aiOption } from './engines';
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
    serve(app, e.facechainProjectCanCreate, async () => ({
      can_create: false,
      reason: addbgMessages.facechainNeedsGpu,
      engines: ['comfyui' as const, 'sdwebui' as const],
    }));
    serve(app, e.facechainPhotosList, async () => ({ list: [] }));
    serve(app, e.facechainStyleTypeList, async () => ({
      list: [aiOption(config, 'idphoto', '证件照', '人像写真'), aiOption(config, 'business', '商务形象照', '人像写真')],
    }));
    serve(app, e.facechainStyleModelList, async () => ({
      list: [aiOption(config, 'default', '默认写真模型', '人像写真')],
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
