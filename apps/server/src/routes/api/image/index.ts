import { portalEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../../lib/serve-endpoint';

/** The proxied bytes come from another host: never a document, never sniffed into one. */
const PROXIED_IMAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
};

/**
 * /api/image/proxy?url=: the last fallback of image loading (section 4), signed-in users only,
 * for the allowed hosts only (`image_proxy.allowed_hosts`).
 */
const imageRoutes: FastifyPluginAsync = async (app) => {
  const { imageProxy } = app.services;
  // onSend, so that refusals carry them too.
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(PROXIED_IMAGE_HEADERS);
  });
  serve(app, portalEndpoints.imageProxy, async ({ query, reply }) => {
    const { url } = query;
    const image = await imageProxy.fetch(url);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(image.body);
  });
};

export default imageRoutes;
