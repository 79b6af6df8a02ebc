import { platformEndpoints } from '@portal/contract/endpoints/platform';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../../lib/serve-endpoint';
import { portalVersion } from '../../../services/openapi/portal-version';
import { buildOpenApiDocument } from '../../../services/openapi/openapi-document';

/** GET /api/admin/openapi.json: the API as OpenAPI 3.1, for IT teams scripting the portal. */
const openApiRoute: FastifyPluginAsync = async (app) => {
  let document: Record<string, unknown> | undefined;
  serve(app, platformEndpoints.openapi, async ({ reply }) => {
    // Built on first request: the descriptors do not change while the server runs.
    document ??= buildOpenApiDocument(portalVersion());
    return reply.type('application/json').send(document);
  });
};

export default openApiRoute;
