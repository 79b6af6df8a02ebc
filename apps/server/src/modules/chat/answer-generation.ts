import type { LlmChunk, LlmGateway } from '../../services/llm';
import type { ChatAnswerJob, PreparedAsk } from './ask-types';
import type { MessageStore } from './message-store';
import { answerChat, type ChatPromptTarget } from './prompts';

/**
 * What the prompt builder needs of an answer's job. Every job comes from an ask that the admission
 * accepted, which checked its model choice and question: the model call does not again.
 */
export function chatTarget(job: ChatAnswerJob): ChatPromptTarget {
  return {
    module: job.module,
    modelType: job.modelType,
    temperature: job.temperature,
    search: job.options,
    checked: true,
  };
}

/** What generating a prepared ask's answer needs, whichever transport runs it. */
export function jobOf(ask: PreparedAsk): ChatAnswerJob {
  return {
    module: ask.module,
    convId: ask.conversation.id,
    answerId: ask.answer.id,
    questionSeq: ask.question.seq,
    modelType: ask.choice.modelType,
    temperature: ask.choice.temperature,
    ...(ask.search ? { options: ask.search } : {}),
  };
}

/** The model's chunks for an answer whose question is stored at `questionSeq`, its history read first. */
export async function* generateAnswer(
  deps: { llm: LlmGateway; messages: MessageStore },
  job: ChatAnswerJob,
  signal: AbortSignal,
): AsyncGenerator<LlmChunk> {
  yield* answerChat(deps.llm, chatTarget(job), await deps.messages.history(job.convId, job.questionSeq), signal);
}
