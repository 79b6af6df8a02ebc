import { ErrorCode, redPushQuerySchema } from '@portal/contract';
import { redEndpoints as e } from '@portal/contract/endpoints/red';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import { parse } from '../../lib/validate';

/** Bodies of up to 1000 notes. */
const PUSH_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * POST /api/red/push?source=: a configured source pushes notes with its own key in the
 * x-red-push-key header (the path is public to the user gate; the key is the authentication).
 */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  const { red } = app;
  serve(app, e.push, async ({ query, body }) => red.push.push(query.source, body.notes), {
    bodyLimit: PUSH_BODY_LIMIT,
    // The key is checked before the body is looked at, so a stranger learns nothing about the format.
    preValidation: async (request) => {
      const { source } = parse(redPushQuerySchema, request.query);
      const key = request.headers['x-red-push-key'];
      if (!red.push.keyMatches(source, typeof key === 'string' ? key : undefined)) {
        throw new AppError(ErrorCode.forbidden, '推送来源或密钥无效', 401);
      }
    },
  });
};
