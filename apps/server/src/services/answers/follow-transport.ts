import type { ServerResponse } from 'node:http';
import type { AnswerFollowError, AnswerFollowFinish, AnswerFollowMessage, MessageStatus } from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { EventStream, onClientLeft } from '../../lib/event-stream';
import type { LlmChunk } from '../llm';
import type { AnswerRegistry } from './answer-registry';

type FollowEvents = { message: AnswerFollowMessage; finish: AnswerFollowFinish; error: AnswerFollowError };

/** An answer as stored: what a follower on another replica reads. */
export interface StoredAnswer {
  content: string;
  reasoning?: string;
  status: MessageStatus;
}

export interface FollowAnswerInput {
  res: ServerResponse;
  requestId: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  messageId: string;
  /** The answer as stored (the caller checked it is the user's). */
  read(): Promise<StoredAnswer | undefined>;
  /** How often the stored answer is read while another process generates it. */
  pollMs: number;
}

/**
 * Follow transport: streams an answer that is being generated to a page that came back to it (a
 * reload, another device), until the answer is final. The answer so far leaves first; then, when
 * this process generates it, each chunk as the model sends it; otherwise what the generating
 * replica stored since the last read (progress saves, every `persist_interval_ms` at the latest).
 * The follower leaving stops the following only, never the answer.
 */
export async function followAnswer(registry: AnswerRegistry, input: FollowAnswerInput): Promise<void> {
  const { messageId } = input;
  const stream = new EventStream<FollowEvents>(input.res, input.requestId);
  let left = false;
  let wake: (() => void) | undefined;
  onClientLeft(input.res, () => {
    left = true;
    wake?.();
  });
  // What the page shows: the text sent so far.
  let content = '';
  let reasoning = '';
  let first = true;

  /** Sends the stored or in-memory answer: what was added, or all of it when it was written again. */
  const sendState = (next: { content: string; reasoning?: string }) => {
    const nextReasoning = next.reasoning ?? '';
    const grows = !first && next.content.startsWith(content) && nextReasoning.startsWith(reasoning);
    if (grows) {
      const text = next.content.slice(content.length);
      const more = nextReasoning.slice(reasoning.length);
      if (text || more) stream.send('message', { message_id: messageId, text, ...(more ? { reasoning: more } : {}) });
    } else {
      stream.send('message', { message_id: messageId, text: next.content, reasoning: nextReasoning, replace: true });
    }
    first = false;
    content = next.content;
    reasoning = nextReasoning;
  };

  const onChunk = (chunk: LlmChunk) => {
    if (chunk.type === 'content' && chunk.text) {
      content += chunk.text;
      stream.send('message', { message_id: messageId, text: chunk.text });
    } else if (chunk.type === 'reasoning' && chunk.text) {
      reasoning += chunk.text;
      stream.send('message', { message_id: messageId, text: '', reasoning: chunk.text });
    }
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, input.pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  try {
    // After a live run ended, its final state is read from the database before anything else.
    let readNext = false;
    while (!left) {
      const live = readNext ? undefined : registry.watch(messageId, onChunk);
      if (live) {
        try {
          sendState(live.state);
          await Promise.race([live.done, new Promise<void>((r) => (wake = r))]);
        } finally {
          live.unwatch();
          wake = undefined;
        }
        readNext = true;
        continue;
      }
      readNext = false;
      const stored = await input.read();
      if (!stored) {
        stream.fail({ message_id: messageId, code: ErrorCode.resourceGone, message: '回答不存在或已删除' });
        return;
      }
      sendState(stored);
      if (stored.status !== 'generating') {
        stream.send('finish', { message_id: messageId, status: stored.status });
        return;
      }
      await pause();
    }
  } catch (error) {
    input.log.warn({ err: error, messageId }, 'following an answer failed');
    stream.fail({ message_id: messageId, code: ErrorCode.internal, message: '回答跟随失败，请刷新页面' });
  } finally {
    stream.end();
  }
}
