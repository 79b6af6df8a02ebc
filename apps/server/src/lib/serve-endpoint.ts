import type { Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@portal/contract';
import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ok } from './envelope';
import { parse } from './validate';

export interface EndpointInput<E extends Endpoint> {
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The route's url within a plugin mounted under a prefix of the endpoint's path. */
function routeUrl(app: FastifyInstance, declared: Endpoint): string {
  if (!declared.path.startsWith(app.prefix)) {
    throw new Error(`${declared.path} cannot be served by a plugin mounted at ${app.prefix}`);
  }
  return declared.path.slice(app.prefix.length) || '/';
}

/**
 * Registers the route of a contract endpoint on a plugin mounted under a prefix of the endpoint's
 * path: the method and path come from the descriptor, query and body are parsed with its schemas
 * (4001 naming the bad field; NUL bytes pass only on a route whose `config.allowNul` says it strips
 * them itself), and an envelope endpoint's handler returns the envelope's data.
 * Endpoints that are not envelopes (streams, files) answer through `reply` themselves.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  declared: E,
  handler: (input: EndpointInput<E>) => Promise<EndpointData<E> | FastifyReply | void>,
  options: RouteShorthandOptions = {},
): void {
  const url = routeUrl(app, declared);
  const envelope = (declared.reply ?? 'envelope') === 'envelope';
  const parsing = { allowNul: options.config?.allowNul ?? false };
  app.route({
    ...options,
    method: declared.method,
    url,
    handler: async (request, reply) => {
      const query = (declared.query ? parse(declared.query, request.query, parsing) : undefined) as EndpointQuery<E>;
      const body = (
        declared.body && !declared.multipart ? parse(declared.body, request.body, parsing) : undefined
      ) as EndpointBody<E>;
      // A stream or a file answers through `reply` itself: its promise is handed on rather than
      // awaited here, so that the parsed input is not held for as long as a stream stays open.
      if (!envelope) return handler({ query, body, request, reply });
      const result = await handler({ query, body, request, reply });
      if (reply.sent) return result;
      return ok(result ?? null);
    },
  });
}

/**
 * Registers a `websocket` endpoint's route (the WebSocket plugin must be registered in the scope):
 * the handler gets the upgraded socket; a plain GET there is answered 404 by the plugin.
 */
export function serveSocket(app: FastifyInstance, declared: Endpoint, handler: WebsocketHandler): void {
  if (declared.method !== 'GET' || declared.reply !== 'websocket') {
    throw new Error(`${declared.method} ${declared.path} is not a WebSocket endpoint`);
  }
  app.route({ method: 'GET', url: routeUrl(app, declared), websocket: true, handler });
}
