import { COMFY_FILTERED_ROUTES, COMFY_REFUSED_ROUTES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { EmbedPass } from '../embed-cookie';
import type { ComfyGateway } from './comfy-gateway';

const ROUTES: Array<readonly [HTTPMethods | HTTPMethods[], string]> = [
  ...COMFY_FILTERED_ROUTES,
  // Refused by the gateway: they act on everyone's work.
  ...COMFY_REFUSED_ROUTES.map(([methods, path]) => [[...methods] as HTTPMethods[], path] as const),
];

/** Upload size through the frame (ComfyUI's own limit is larger; images here are small). */
const BODY_LIMIT = 50 * 1024 * 1024;

/**
 * ComfyUI's global endpoints answered per user through the gateway, in both spellings (`/x` and
 * `/api/x`); they take precedence over the plain proxy's catch-all. Bodies are read raw and
 * passed on as they came, except where the gateway rewrites them.
 */
export async function comfyRoutes(
  app: FastifyInstance,
  opts: {
    base: string;
    gateway: ComfyGateway;
    passOf(request: FastifyRequest): EmbedPass;
    /** The path as the tool will route it: the gateway decides on it, not on the raw target. */
    toolPathOf(request: FastifyRequest): string;
  },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  for (const [method, path] of ROUTES) {
    for (const prefix of ['', '/api']) {
      app.route({
        method,
        url: `${opts.base}${prefix}${path}`,
        handler: async (request, reply) => {
          const answer = await opts.gateway.handle({
            userId: opts.passOf(request).userId,
            // Fastify answers HEAD with the GET route, without the body.
            method: request.method === 'HEAD' ? 'GET' : request.method,
            path: opts.toolPathOf(request),
            headers: request.headers,
            body: Buffer.isBuffer(request.body) ? request.body : undefined,
          });
          return reply.code(answer.status).type(answer.contentType).send(answer.body);
        },
      });
    }
  }
}
