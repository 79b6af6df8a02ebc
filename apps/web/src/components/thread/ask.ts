import { createAnswerSink, type AnswerSink } from './answer-sink';
import { pollAnswer } from './poll-answer';
import { streamAnswer } from './stream-answer';
import type { ThreadStore } from './thread-slice';
import { localKey } from './to-ui-message';
import type { AnswerFinish, AnswerTransport, StreamTransport } from './transport';
import type { AskAbortReason, UiMessage } from './types';

export { ABORTED_TEXT } from './answer-sink';

export interface AskCallbacks {
  /** The answer is stored: ids, status and maybe a new title. */
  onFinish?(finish: AnswerFinish): void;
  /** After every outcome (usage and conversation order may have changed). */
  onSettled?(): void;
}

export interface AskInput {
  store: ThreadStore;
  threadId: string;
  prompt: string;
  /** How the answer arrives; built by the module for this question. */
  transport: AnswerTransport;
  /** The model thinks aloud first: its 思考中… block shows before any text arrives. */
  expectReasoning?: boolean;
  regenerate?: boolean;
  callbacks?: AskCallbacks;
}

const run = (transport: AnswerTransport, sink: AnswerSink) =>
  transport.kind === 'stream' ? streamAnswer(transport, sink) : pollAnswer(transport, sink);

/** Asks one question in a thread and writes the answer into the thread's state as it arrives. */
export async function ask(input: AskInput): Promise<void> {
  const { store, threadId, prompt, callbacks } = input;
  const state = store.getState();
  if (state.sessions[threadId]?.isAsking) return;

  const controller = new AbortController();
  const now = Date.now();
  const answerKey = localKey('answer');
  const questionKey = localKey('user');
  const answer: UiMessage = {
    key: answerKey,
    role: 'assistant',
    content: '',
    ...(input.expectReasoning ? { reasoning: '' } : {}),
    status: 'generating',
    create_time: now,
  };
  if (input.regenerate) {
    const last = state.sessions[threadId]?.list.at(-1);
    if (last?.role === 'assistant') state.removeMessage(threadId, last.key);
    state.appendMessages(threadId, [answer]);
  } else {
    state.appendMessages(threadId, [
      { key: questionKey, role: 'user', content: prompt, status: 'done', create_time: now },
      answer,
    ]);
  }
  state.patchSession(threadId, {
    isAsking: 1,
    askAbortController: controller,
    askKind: input.transport.kind,
    scrollEnd: true,
    load: 'ready',
  });

  const sink = createAnswerSink({
    store,
    threadId,
    answerKey,
    questionKey: input.regenerate ? undefined : questionKey,
    signal: controller.signal,
    onFinish: callbacks?.onFinish,
  });
  try {
    await run(input.transport, sink);
  } finally {
    store.getState().patchSession(threadId, { isAsking: 0, askAbortController: null, askKind: null });
    callbacks?.onSettled?.();
  }
}

/**
 * Re-attaches the thread to one of its answers that the server is still generating (the page was
 * reloaded or opened elsewhere): the answer streams in through `transport` (followTransport) as if
 * it had been asked here, with 停止 and the busy state of an ask.
 */
export async function resumeAnswer(input: {
  store: ThreadStore;
  threadId: string;
  answerKey: string;
  transport: StreamTransport;
  callbacks?: AskCallbacks;
}): Promise<void> {
  const { store, threadId, callbacks } = input;
  if (store.getState().sessions[threadId]?.isAsking) return;
  const controller = new AbortController();
  store.getState().patchSession(threadId, {
    isAsking: 1,
    askAbortController: controller,
    askKind: 'stream',
    scrollEnd: true,
  });
  const sink = createAnswerSink({
    store,
    threadId,
    answerKey: input.answerKey,
    signal: controller.signal,
    onFinish: callbacks?.onFinish,
  });
  try {
    await streamAnswer(input.transport, sink);
  } finally {
    store.getState().patchSession(threadId, { isAsking: 0, askAbortController: null, askKind: null });
    callbacks?.onSettled?.();
  }
}

function abortAsking(store: ThreadStore, threadId: string, reason: AskAbortReason): void {
  store.getState().sessions[threadId]?.askAbortController?.abort(reason);
}

/** Stops the thread's running answer (on the server too); the answer keeps its text and is marked aborted. */
export function stopAsking(store: ThreadStore, threadId: string): void {
  abortAsking(store, threadId, 'stop');
}

/**
 * The thread's page goes away. A polled answer stops being polled (the server keeps generating it
 * and the thread resumes polling when opened again); a streamed one keeps streaming into the state.
 */
export function leaveThread(store: ThreadStore, threadId: string): void {
  if (store.getState().sessions[threadId]?.askKind === 'poll') abortAsking(store, threadId, 'leave');
}

/** The last question of the thread, for 重新生成. */
export function lastQuestion(store: ThreadStore, threadId: string): string | undefined {
  const list = store.getState().sessions[threadId]?.list ?? [];
  return [...list].reverse().find((m) => m.role === 'user')?.content;
}
