import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Takes a request before Fastify routes it, or declines (false). A handler that took it may still
 * hand it to Fastify later (`toFastify`) as long as it has not read the body or answered.
 */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse, toFastify: () => void) => boolean;

export interface EarlyRequests {
  add(handler: EarlyHandler): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Handlers that see each request of the listening server before Fastify does (not `inject`). */
    earlyRequests: EarlyRequests;
  }
}

/**
 * The HTTP server of the portal, with room for handlers that answer a hot path without Fastify's
 * routing and hooks (the embedded tools' proxy). The server is set up as Fastify sets up its own
 * (keep-alive, request and connection timeouts); every request no handler takes goes to Fastify.
 */
export function earlyRequestServer(): { serverFactory: FastifyServerFactory<Server>; early: EarlyRequests } {
  const handlers: EarlyHandler[] = [];
  const serverFactory: FastifyServerFactory<Server> = (fastify, options) => {
    const server = createServer(options.http ?? {}, (req, res) => {
      const toFastify = () => fastify(req, res);
      for (const handler of handlers) if (handler(req, res, toFastify)) return;
      toFastify();
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
  return { serverFactory, early: { add: (handler) => void handlers.push(handler) } };
}
