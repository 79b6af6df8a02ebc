import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { EventStream, type StreamFailure } from '../../lib/event-stream';
import type { AnswerOutcome } from './answer-runner';
import { answerFailure } from './failure';

/** The events every answer stream has; each module types their payloads. */
type AnswerEvents = { message: unknown; finish: unknown; error: unknown };

export interface StreamAnswerInput<Events extends AnswerEvents> {
  res: ServerResponse;
  requestId: string;
  log: FastifyBaseLogger;
  /** The ids the `error` event carries beside the failure (conversation and answer). */
  ids: object;
  /** Logged with an unexpected failure. */
  what: string;
  /** Generates the answer through the runner; `stream` takes the module's `message` events. */
  run(transport: { stream: EventStream<Events> }): Promise<AnswerOutcome>;
  /** The `finish` event of an answer that is done. */
  finish(outcome: AnswerOutcome): Events['finish'] | Promise<Events['finish']>;
  /** Told of an answer that did not finish, before its `error` event. */
  failed?(outcome: AnswerOutcome): void;
}

/**
 * Event-stream transport: streams one answer on the raw response and ends it with `finish`, or with
 * the `error` event (a JSON error while nothing was sent) when it failed. The stream is ended
 * whatever happens.
 *
 * A client that goes away (a reload, a phone losing its connection) does not stop the answer: it is
 * generated to the end and stored as it grows, so the page opened again, here or on another replica,
 * reads it from the database and follows it (getCompletion). Only the stop call stops an answer.
 * Events written after the client left are dropped by the stream.
 */
export async function streamAnswer<Events extends AnswerEvents>(input: StreamAnswerInput<Events>): Promise<void> {
  const { res, log } = input;
  const stream = new EventStream<Events>(res, input.requestId);
  try {
    const outcome = await input.run({ stream });
    if (outcome.status === 'done') {
      stream.send('finish', await input.finish(outcome));
      return;
    }
    input.failed?.(outcome);
    const failure = answerFailure(outcome, log, input.what);
    if (failure) stream.fail({ ...input.ids, ...failure } as Events['error'] & StreamFailure);
  } finally {
    stream.end();
  }
}
