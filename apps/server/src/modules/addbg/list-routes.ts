import { addbgEndpoints as e } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { backgroundEntries, findBackground } from './backgrounds';
import { BACKGROUND_STYLES, LIGHTS, LOGO_STYLES, PRODUCT_CATEGORIES, SIZES, STYLE_PRESETS } from './catalog';
import { backgroundPreview } from './composite';
import type { AddbgConfig } from './config';
import { aiOption, builtinOption, promptSceneEngine } from './engines';
import { notFound } from './work-store';

/** The lists of section 7, from the built-in catalogue and the engines actually available. */
export function listRoutes(config: AddbgConfig): FastifyPluginAsync {
  return async (app) => {
    serve(app, e.productList, async () => ({ list: [...PRODUCT_CATEGORIES] }));
    serve(app, e.sizeList, async () => ({ list: [...SIZES] }));
    serve(app, e.lightList, async () => ({ list: [...LIGHTS] }));
    serve(app, e.backgroundStyleList, async () => ({ list: [...BACKGROUND_STYLES] }));
    serve(app, e.backgroundNewList, async ({ query }) => {
      const promptEngine = promptSceneEngine(config);
      const all = backgroundEntries(promptEngine).map((b) =>
        b.kind === 'prompt' && !promptEngine
          ? { ...b, ...pickAvailability(aiOption(config, b.id, b.name, '按描述生成场景')) }
          : b,
      );
      return { list: query.style_id ? all.filter((b) => b.style_id === query.style_id) : all };
    });
    serve(app, e.logoStyleList, async () => ({ list: [...LOGO_STYLES] }));
    serve(app, e.logoModelList, async () => ({
      list: [builtinOption('builtin', '模板 Logo（内置）'), aiOption(config, 'ai', 'AI 创意 Logo', 'AI Logo 生成')],
    }));
    serve(app, e.styleTransformModelList, async () => ({
      list: STYLE_PRESETS.map((p) => aiOption(config, p.id, p.name, '风格迁移')),
    }));
    serve(app, e.backgroundPreview, async ({ query, reply }) => {
      const scene = findBackground(query.background_id);
      if (!scene) throw notFound();
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(await backgroundPreview(scene));
    });
  };
}

function pickAvailability(o: {
  engine: 'builtin' | 'sdwebui' | 'comfyui' | 'openai';
  available: boolean;
  reason: string | null;
}) {
  return { engine: o.engine, available: o.available, reason: o.reason };
}
