import { imageProxyQuerySchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../../lib/validate';

/** /api/image/proxy?url=: the last fallback of image loading (section 4), signed-in users only. */
const imageRoutes: FastifyPluginAsync = async (app) => {
  const { imageProxy } = app.services;
  app.get('/proxy', async (request, reply) => {
    const { url } = parse(imageProxyQuerySchema, request.query);
    const image = await imageProxy.fetch(url);
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(image.body);
  });
};

export default imageRoutes;
