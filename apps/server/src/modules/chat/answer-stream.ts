import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { persistOf, streamAnswer } from '../../services/answers';
import type { LlmChunk } from '../../services/llm';
import { chatTarget, generateAnswer, jobOf } from './answer-generation';
import type { AskServiceDeps, ChatStreamEvents, PreparedAsk } from './ask-types';
import { answerChat } from './prompts';

export type AnswerStreamDeps = Pick<AskServiceDeps, 'llm' | 'messages' | 'answers' | 'config' | 'recentTurns'>;

export interface AnswerStreamInput {
  ask: PreparedAsk;
  res: ServerResponse;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * Event-stream transport of a chat answer: streams it on the raw response; it is saved whatever
 * happens. Only what the open stream needs is kept while it streams, not the rows of the prepared
 * ask.
 */
export function streamChatAnswer(
  deps: AnswerStreamDeps,
  { ask, res, requestId, log }: AnswerStreamInput,
): Promise<void> {
  const job = jobOf(ask);
  const { userId } = ask.conversation;
  const finish = {
    ...(ask.newQuestion ? { user_message_id: ask.question.id } : {}),
    ...(ask.title ? { title: ask.title } : {}),
  };
  // A prepared ask's history was read with it, so the model call starts without another query.
  // It is handed over, not kept: the call lets it go once the answer streams.
  let history = ask.history;
  let early = ask.early;
  const controller = early?.controller;
  const claimed = ask.claimed;
  const generate = (signal: AbortSignal): AsyncIterable<LlmChunk> => {
    const turns = history;
    history = undefined;
    if (early) {
      const started = early;
      early = undefined;
      return started;
    }
    return turns ? answerChat(deps.llm, chatTarget(job), turns, signal) : generateAnswer(deps, job, signal);
  };
  const ids = { conv_id: job.convId, message_id: job.answerId };
  return streamAnswer<ChatStreamEvents>({
    res,
    requestId,
    log,
    ids,
    what: 'answer stream failed',
    run: ({ stream }) =>
      deps.answers.runner.run({
        store: deps.messages,
        messageId: job.answerId,
        persist: persistOf(deps.config),
        // A new question's lease came with its rows; a regenerated answer's is taken while the
        // model call starts.
        claimed,
        claimAlongside: !claimed,
        controller,
        log,
        generate,
        onChunk: (chunk) => {
          if (chunk.type === 'content') stream.send('message', { ...ids, text: chunk.text });
          else if (chunk.type === 'reasoning') stream.send('message', { ...ids, text: '', reasoning: chunk.text });
          else if (chunk.type === 'citations') stream.send('message', { ...ids, text: '', citations: chunk.sources });
        },
      }),
    finish: (outcome) => {
      // Noted before the client hears of the end, so that its next question finds the turns here.
      deps.recentTurns.answered(userId, job.module, job.convId, job.answerId, outcome.state.content);
      return {
        ...ids,
        ...finish,
        status: 'done',
        ...(outcome.finishReason ? { finish_reason: outcome.finishReason } : {}),
        ...(outcome.usage ? { usage: outcome.usage } : {}),
      };
    },
    failed: () => deps.recentTurns.forget(userId, job.module, job.convId),
  });
}
