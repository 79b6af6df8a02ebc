import type { ServerResponse } from 'node:http';
import {
  ErrorCode,
  type DocCitation,
  type ReportStreamError,
  type ReportStreamFinish,
  type ReportStreamMessage,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportConversationRow, ReportMessageRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { persistOf, streamAnswer, type Answers } from '../../services/answers';
import type { FileScopedRetrieval, RetrievedChunk } from '../../services/documents';
import { LlmError, type LlmGateway } from '../../services/llm';
import type { UsageService } from '../../services/usage';
import type { ReportConfig } from './config';
import type { ReportConversationStore } from './conversation-store';
import { toReportMessage } from './conversation-store';
import type { ReportLibrary } from './library';
import { askSystem, demoAnswer } from './prompts';

type StreamEvents = { message: ReportStreamMessage; finish: ReportStreamFinish; error: ReportStreamError };

/** The model task name under `providers.tasks`. */
export const REPORT_TASK = 'report';

export interface PreparedReportAsk {
  conversation: ReportConversationRow;
  question: ReportMessageRow;
  answer: ReportMessageRow;
}

/** One retrieved passage as citation `[index]`, named by its report's title where known. */
export function citationOf(r: RetrievedChunk, index: number, titles: ReadonlyMap<string, string>): DocCitation {
  return {
    index,
    file_id: r.chunk.fileId,
    file_name: titles.get(r.chunk.fileId) ?? r.fileName,
    page: r.chunk.page,
    row: r.chunk.row,
    quote: r.chunk.text,
    chunk_id: String(r.chunk.id),
  };
}

export function citationsOf(found: readonly RetrievedChunk[], titles: ReadonlyMap<string, string>): DocCitation[] {
  return found.map((r, i) => citationOf(r, i + 1, titles));
}

/**
 * Questions over a conversation's reports: the passages are retrieved and the question stored
 * with them before any model call; the answer streams through the shared runner, which keeps
 * partial text when the client leaves or the model fails.
 */
export class ReportAskService {
  constructor(
    private readonly llm: LlmGateway,
    private readonly library: ReportLibrary,
    private readonly store: ReportConversationStore,
    private readonly retrieval: FileScopedRetrieval,
    private readonly answers: Answers,
    private readonly usage: UsageService,
    private readonly config: ReportConfig,
    private readonly topK: number,
  ) {}

  /** The conversation's reports that still exist and are visible, as file ids and display titles. */
  async readable(userId: number, conversation: ReportConversationRow) {
    const visible = await this.library.visible(userId, conversation.reportIds);
    const ready = visible.filter((v) => v.doc?.status === 'ready');
    return {
      visible,
      fileIds: ready.map((v) => v.report.fileId),
      titles: new Map(visible.map((v) => [v.report.fileId, v.report.title] as const)),
    };
  }

  async prepare(userId: number, conversationId: string, prompt: string): Promise<PreparedReportAsk> {
    try {
      this.llm.checkPrompt(prompt);
    } catch (error) {
      if (error instanceof LlmError) throw new AppError(error.code, error.message);
      throw error;
    }
    const conversation = await this.store.get(userId, conversationId);
    const { visible, fileIds, titles } = await this.readable(userId, conversation);
    if (visible.length === 0) throw new AppError(ErrorCode.validation, '会话中的报告均已删除，请重新选择报告');
    if (fileIds.length === 0) throw new AppError(ErrorCode.validation, '所选报告还在解析中或解析失败，请稍后再试');
    const citations = citationsOf(await this.retrieval.search(fileIds, prompt, this.topK), titles);
    const [question, answer] = await this.store.insertTurn({
      conversationId: conversation.id,
      userId,
      question: prompt,
      kind: 'answer',
      citations,
      demo: this.llm.isTaskDemo(REPORT_TASK),
      usage: this.usage,
    });
    return { conversation, question, answer };
  }

  stream(ask: PreparedReportAsk, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void> {
    const ids = { conversation_id: ask.conversation.id, message_id: ask.answer.id };
    const citations = ask.answer.citations;
    return streamAnswer<StreamEvents>({
      res,
      requestId,
      log,
      ids,
      what: 'report answer stream failed',
      run: async ({ stream }) => {
        stream.sendWithNext('message', { ...ids, text: '', citations });
        const history = await this.store.history(ask.conversation.id, ask.question.seq);
        return this.answers.runner.run({
          store: this.store,
          messageId: ask.answer.id,
          persist: persistOf(this.config),
          log,
          generate: (signal) =>
            this.llm.streamTask({
              task: REPORT_TASK,
              system: askSystem(citations),
              messages: [...history, { role: 'user', content: ask.question.content }],
              demo: () => demoAnswer(ask.question.content, citations),
              signal,
            }),
          onChunk: (chunk) => {
            if (chunk.type === 'content') stream.send('message', { ...ids, text: chunk.text });
          },
        });
      },
      finish: async () => {
        const row = await this.store.row(ask.answer.id);
        return { ...ids, user_message_id: ask.question.id, message: toReportMessage(row ?? ask.answer) };
      },
    });
  }
}
