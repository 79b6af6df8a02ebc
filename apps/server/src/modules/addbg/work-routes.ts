import { ErrorCode, addbgEndpoints as e, addbgWorkKindNames, type AddbgWorkKind } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { contentDisposition } from '../../routes/api/file/transfer';
import type { AddbgService } from './addbg-service';
import type { AddbgConfig } from './config';
import { aiEngineId, engineNeeded } from './engines';
import { portraitEngineId, portraitUnavailable } from './facechain-catalog';
import { describeImage } from './interrogate';
import { logoSvg } from './logo';
import type { VisionDescriber } from './vision-describe';
import { cutoutWork, logoWork, productWork, styleWork, type LogoParams } from './work-requests';

/** How long a vision model may take to describe an image before the built-in description is given. */
const VISION_TIMEOUT_MS = 60_000;

/** Generations (each a durable job), their progress, images, favourites. */
export function workRoutes(
  service: AddbgService,
  config: AddbgConfig,
  vision: VisionDescriber | null,
): FastifyPluginAsync {
  return async (app) => {
    const owner = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

    serve(app, e.cutout, async ({ body, request }) => ({
      work_id: await service.create(owner(request), cutoutWork(body)),
    }));
    serve(app, e.productGenerate, async ({ body, request }) => {
      const ownerId = owner(request);
      const work = productWork(body, config);
      if (body.mask_file_id) await service.sourceFile(ownerId, body.mask_file_id);
      return { work_id: await service.create(ownerId, work) };
    });
    serve(app, e.logoGenerate, async ({ body, request }) => ({
      work_id: await service.create(owner(request), logoWork(body, config)),
    }));
    serve(app, e.styleTransformGenerate, async ({ body, request }) => {
      const ownerId = owner(request);
      await service.sourceFile(ownerId, body.file_id);
      return { work_id: await service.create(ownerId, styleWork(body, config)) };
    });
    serve(app, e.regenerate, async ({ body, request }) => {
      const ownerId = owner(request);
      const work = await service.works.find(ownerId, body.work_id);
      const count = typeof work.params.count === 'number' ? work.params.count : 1;
      const kind = work.kind as AddbgWorkKind;
      // A work drawn by an AI engine runs again on the one configured now, if any; a portrait on
      // the portrait engine (its set must still be trained, or the work fails and is refunded).
      if (kind === 'portrait') {
        const reason = portraitUnavailable(config);
        if (reason) throw new AppError(ErrorCode.validation, reason);
      }
      const engine =
        kind === 'portrait' ? portraitEngineId(config) : work.engine === 'builtin' ? 'builtin' : aiEngineId(config);
      if (!engine) throw new AppError(ErrorCode.validation, engineNeeded(config, addbgWorkKindNames[kind]));
      return {
        work_id: await service.create(ownerId, {
          kind,
          engine,
          sourceFileId: work.sourceFileId,
          projectId: work.projectId ?? undefined,
          params: work.params,
          images: count,
          photoSetId: work.photoSetId ?? undefined,
        }),
      };
    });
    serve(app, e.interrogate, async ({ body, request }) => {
      const ownerId = owner(request);
      await service.sourceFile(ownerId, body.file_id);
      const source = await service.readSource(ownerId, body.file_id);
      if (vision) {
        try {
          return {
            text: await vision.describe(source, AbortSignal.timeout(VISION_TIMEOUT_MS)),
            engine: 'vision' as const,
          };
        } catch (error) {
          // The model is down or answered nothing: the built-in description is still an answer.
          request.log.warn({ err: error }, 'addbg vision description failed');
        }
      }
      return { text: await describeImage(source), engine: 'builtin' as const };
    });
    serve(app, e.process, async ({ query, request }) => {
      const { status, progress, message, images } = await service.view(owner(request), query.work_id);
      return { status, progress, message, images };
    });
    serve(app, e.worksList, async ({ query, request }) => service.list(owner(request), query));
    serve(app, e.favorite, async ({ body, request }) => {
      await service.works.setFavorite(owner(request), body.image_id, body.favorite);
      return { image_id: body.image_id, favorite: body.favorite };
    });
    serve(app, e.favoriteList, async ({ request }) => {
      const rows = await service.works.favoriteImages(owner(request));
      return {
        list: rows.map(({ image, kind }) => ({
          image_id: image.id,
          url: `/api/addbg/works/image?image_id=${image.id}`,
          width: image.width,
          height: image.height,
          favorite: true,
          work_id: image.workId,
          kind: kind as AddbgWorkKind,
        })),
      };
    });

    /** A work's image, to its owner only: PNG as stored (alpha kept), JPG on white, SVG for logos. */
    serve(app, e.image, async ({ query, request, reply }) => {
      const ownerId = owner(request);
      const { image, body } = await service.openImage(ownerId, query.image_id);
      const name = `addbg-${image.id.slice(0, 8)}`;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-cache')
        .header('cross-origin-resource-policy', 'same-origin');
      if (query.format === 'png') {
        return reply
          .header('content-type', 'image/png')
          .header('content-disposition', contentDisposition('inline', `${name}.png`))
          .send(body);
      }
      if (query.format === 'svg') {
        body.destroy();
        const work = await service.works.find(ownerId, image.workId);
        if (work.kind !== 'logo' || (work.params as unknown as LogoParams).ai) {
          throw new AppError(ErrorCode.validation, '只有模板 Logo 可以下载 SVG');
        }
        const p = work.params as unknown as LogoParams;
        const svg = logoSvg({
          text: p.text,
          slogan: p.slogan ?? undefined,
          styleId: p.style_id,
          color: p.color,
          variant: image.position,
        });
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${name}.svg`))
          .send(svg);
      }
      const jpg = await body.pipe(sharp()).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', contentDisposition('inline', `${name}.jpg`))
        .send(jpg);
    });
  };
}
