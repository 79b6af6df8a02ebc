import type { ServerResponse } from 'node:http';
import type { DocCitation, ReportStreamError, ReportStreamFinish, ReportStreamMessage } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportConversationRow, ReportMessageRow } from '../../db/schema';
import { EventStream } from '../../lib/event-stream';
import { answerFailure, persistOf, type AnswerOutcome, type Answers, type AnswerStore } from '../../services/answers';
import type { LlmGateway } from '../../services/llm';
import { REPORT_TASK } from './ask-service';
import type { ReportConfig } from './config';
import type { ReportConversationStore } from './conversation-store';
import { toReportMessage } from './conversation-store';

type StreamEvents = { message: ReportStreamMessage; finish: ReportStreamFinish; error: ReportStreamError };

/** A malformed reply is written once more; a second malformed one is kept as plain text. */
const ATTEMPTS = 2;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** One structured piece of writing (a brief, a comparison) over numbered report slices. */
export interface StructuredJob<T> {
  conversation: ReportConversationRow;
  question: ReportMessageRow;
  answer: ReportMessageRow;
  citations: DocCitation[];
  system: string;
  /** The user turn; after a malformed reply it names the problem. */
  request(problem?: string): string;
  /** What the demo model writes (labelled, from the real slices). */
  demo(): string;
  /** Checks the reply against the frame; the structure when it holds. */
  check(content: string): Checked<T>;
  /** The extractive stand-in, when the model fails. */
  fallback(): { content: string; value: T };
  /** Stores the final text with its structure (null: plain text). */
  save(content: string, value: T | null): Promise<void>;
}

/**
 * The runner's store for a structured piece: a reply the model finished stays `generating` until
 * its check decides what is stored (the structure, plain text, or a second attempt), so that a
 * follower, which ends at the first status that is not `generating`, never reads a brief without
 * its structure. Stops and failures are stored as the runner says.
 */
function doneAwaitsCheck(store: ReportConversationStore): AnswerStore {
  return {
    kind: store.kind,
    saveProgress: (id, state) => store.saveProgress(id, state),
    finish: (id, status, state, finishReason) =>
      status === 'done' ? store.saveProgress(id, state) : store.finish(id, status, state, finishReason),
    markIncomplete: (ids) => store.markIncomplete(ids),
  };
}

/**
 * Streams a structured piece of writing like an answer: the slices first, then the model's text;
 * the reply is checked, written once more when malformed (the client is told to start over),
 * kept as plain text when malformed twice, and replaced by the extractive stand-in when the model
 * fails. Like answers, it is written to the end when the client leaves (only a stop call stops it).
 */
export class StructuredWriter {
  constructor(
    private readonly llm: LlmGateway,
    private readonly store: ReportConversationStore,
    private readonly answers: Answers,
    private readonly config: ReportConfig,
  ) {}

  async stream<T>(job: StructuredJob<T>, res: ServerResponse, requestId: string, log: FastifyBaseLogger) {
    const ids = { conversation_id: job.conversation.id, message_id: job.answer.id };
    const stream = new EventStream<StreamEvents>(res, requestId);
    const write = (problem: string | undefined) =>
      this.answers.runner.run({
        store: doneAwaitsCheck(this.store),
        messageId: job.answer.id,
        persist: persistOf(this.config),
        log,
        generate: (signal) =>
          this.llm.streamTask({
            task: REPORT_TASK,
            system: job.system,
            messages: [{ role: 'user', content: job.request(problem) }],
            demo: job.demo,
            temperature: 0.3,
            signal,
          }),
        onChunk: (chunk) => {
          if (chunk.type === 'content') stream.send('message', { ...ids, text: chunk.text });
        },
      });
    const finish = async (content: string, value: T | null) => {
      await job.save(content, value);
      const row = await this.store.row(job.answer.id);
      stream.send('finish', { ...ids, user_message_id: job.question.id, message: toReportMessage(row!) });
    };
    try {
      stream.sendWithNext('message', { ...ids, text: '', citations: job.citations });
      let outcome: AnswerOutcome | undefined;
      let problem: string | undefined;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (attempt > 0) {
          await this.store.restart(job.answer.id);
          stream.send('message', { ...ids, text: '', restart: true });
        }
        outcome = await write(problem);
        if (outcome.status !== 'done') break;
        const checked = job.check(outcome.state.content);
        if (checked.ok) return await finish(outcome.state.content, checked.value);
        problem = checked.problem;
        log.warn({ problem, attempt }, 'the model wrote a malformed report piece');
      }
      if (outcome!.status === 'done') return await finish(outcome!.state.content, null);
      const failure = answerFailure(outcome!, log, 'report writing failed');
      if (!failure) return;
      if (outcome!.stopReason === 'shutdown') return stream.fail({ ...ids, ...failure });
      // The model could not write it: the reports' own sentences, labelled, rather than nothing.
      const fallback = job.fallback();
      await finish(fallback.content, fallback.value);
    } finally {
      stream.end();
    }
  }
}
