import type { ServerResponse } from 'node:http';
import type { Endpoint } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, RouteShorthandOptions } from 'fastify';
import { serve, type EndpointInput } from './serve-endpoint';

/** Where an event stream writes once its route has handed the response over. */
export interface StreamTarget {
  res: ServerResponse;
  requestId: string;
  log: FastifyBaseLogger;
}

/** Writes the event stream; Fastify no longer touches the response. */
export type StreamWriter = (target: StreamTarget) => Promise<void>;

/** A service that streams what it prepared (the modules' ask, brief and compare services). */
export interface PreparedStream<P> {
  stream(prepared: P, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void>;
}

/** The writer that streams `prepared` with `service`. */
export function streamOf<P>(service: PreparedStream<P>, prepared: P): StreamWriter {
  return ({ res, requestId, log }) => service.stream(prepared, res, requestId, log);
}

/**
 * Registers an event-stream endpoint in two steps. `open` checks and prepares (input, ownership,
 * the stored question): whatever it throws still answers as an ordinary JSON error with its HTTP
 * status. The writer it returns then streams on the raw response.
 */
export function serveStream<E extends Endpoint & { reply: 'event-stream' }>(
  app: FastifyInstance,
  declared: E,
  open: (input: EndpointInput<E>) => Promise<StreamWriter>,
  options?: RouteShorthandOptions,
): void {
  serve(
    app,
    declared,
    async (input) => {
      const write = await open(input);
      const { request, reply } = input;
      reply.hijack();
      await write({ res: reply.raw, requestId: request.id, log: request.log });
    },
    options,
  );
}
