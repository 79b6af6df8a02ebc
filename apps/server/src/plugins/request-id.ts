import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Accepts the caller's request id when it is sane, otherwise makes one (used as Fastify's genReqId). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
