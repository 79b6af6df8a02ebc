import { SEARCH_STREAM_EVENTS, type SearchResult } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { clientLeftSignal, EventStream } from '../../lib/event-stream';

/** How often the stream reads the run; any replica's progress is in the database. */
const POLL_MS = 250;

type Events = { message: SearchResult; finish: SearchResult; error: { message: string } };

/**
 * `getStreamResponse`: the run as it changes, step after step, read from the database, so the
 * stream works whichever replica runs the job. Ends with `finish` when the run stops running
 * (waiting for the plan to be edited, done, interrupted or failed), or after `maxMs`.
 */
export async function streamExecution(
  reply: FastifyReply,
  requestId: string,
  read: () => Promise<SearchResult>,
  maxMs: number,
): Promise<void> {
  reply.hijack();
  const stream = new EventStream<Events>(reply.raw, requestId);
  const left = clientLeftSignal(reply.raw);
  const deadline = Date.now() + maxMs;
  let last = '';
  try {
    while (!left.aborted && stream.open) {
      const result = await read();
      const text = JSON.stringify(result);
      if (result.status !== 'running') {
        stream.send(SEARCH_STREAM_EVENTS.finish, result);
        break;
      }
      if (text !== last) stream.send(SEARCH_STREAM_EVENTS.message, result);
      last = text;
      if (Date.now() > deadline) {
        stream.send(SEARCH_STREAM_EVENTS.error, { message: '执行时间过长，请稍后查看结果' });
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } catch {
    stream.send(SEARCH_STREAM_EVENTS.error, { message: '读取执行状态失败' });
  } finally {
    stream.end();
  }
}
