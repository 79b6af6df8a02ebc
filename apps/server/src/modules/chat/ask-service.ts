import type { ServerResponse } from 'node:http';
import {
  ErrorCode,
  ErrorMessage,
  httpStatusOf,
  validationMessage,
  type AskStreamRequest,
  type ChatModule,
  type ChatStreamError,
  type ChatStreamFinish,
  type ChatStreamMessage,
  type TokenUsage,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ChatMessageRow, ConversationRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { LlmError, type LlmGateway, type ValidChatOptions } from '../../services/llm';
import type { ChatConfig } from './config';
import type { ConversationStore } from './conversation-store';
import type { AnswerState, MessageStore } from './message-store';
import { resourceGone } from './not-found';
import { ProgressWriter } from './progress-writer';
import { EventStream } from './sse';
import type { StopReason, StreamRegistry } from './stream-registry';
import { titleFromPrompt } from './title';
import type { UsageService } from './usage-service';

const SHUTDOWN_MESSAGE = '服务正在重启，回答已中断，请稍后重新提问';

/** A question accepted and stored, ready to be answered. */
export interface PreparedAsk {
  module: ChatModule;
  options: ValidChatOptions;
  conversation: ConversationRow;
  question: ChatMessageRow;
  answer: ChatMessageRow;
  /** The question was stored by this request (not a regenerate). */
  newQuestion: boolean;
  /** The conversation was created by this request, so the question is its whole history. */
  newConversation: boolean;
  title?: string;
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof LlmError)) return error;
  return new AppError(error.code, error.message, httpStatusOf[error.code]);
}

/** POST /api/{module}/message/askStream: checks, stores the question, then streams and saves the answer. */
export class AskService {
  constructor(
    private readonly db: Db,
    private readonly llm: LlmGateway,
    private readonly conversations: ConversationStore,
    private readonly messages: MessageStore,
    private readonly usage: UsageService,
    private readonly registry: StreamRegistry,
    private readonly config: ChatConfig,
  ) {}

  /** Everything that may fail as a plain JSON error happens here, before any stream starts. */
  async prepare(userId: number, module: ChatModule, body: AskStreamRequest): Promise<PreparedAsk> {
    let options: ValidChatOptions;
    try {
      options = this.llm.validateChatOptions(module, body);
      if (!body.regenerate) this.llm.checkPrompt(body.prompt);
    } catch (error) {
      throw asAppError(error);
    }
    // The quota is checked first: an exhausted user learns that even for a conversation id that is wrong.
    const [, existing] = await Promise.all([
      this.usage.ensureAvailable(userId, module),
      body.conv_id ? this.conversations.find(userId, module, body.conv_id) : undefined,
    ]);
    if (body.conv_id && !existing) throw resourceGone();
    let regenerateOf: ChatMessageRow | undefined;
    if (body.regenerate) {
      if (!existing) throw new AppError(ErrorCode.validation, validationMessage('conv_id', '重新回答需要指定对话'));
      regenerateOf = await this.messages.lastQuestion(existing.id);
      if (!regenerateOf) throw new AppError(ErrorCode.validation, validationMessage('regenerate', '该对话还没有问题'));
    }
    const metaso = module === 'metaso' ? { lang: options.options.lang, enableMix: options.options.enableMix } : {};
    const settings = { modelType: options.modelType, temperature: options.temperature, ...metaso };

    // Few statements on purpose: this all happens before the first token.
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.usage.reserve(db, userId, module);
      const title = !existing || existing.autoTitle ? titleFromPrompt(regenerateOf?.content ?? body.prompt) : undefined;
      const conversation = existing ?? (await this.conversations.create(userId, module, { ...settings, title }, db));
      const turn = { convId: conversation.id, userId, ...settings };
      let question: ChatMessageRow;
      let answer: ChatMessageRow;
      if (regenerateOf) {
        question = regenerateOf;
        await this.messages.deleteAnswersAfter(db, conversation.id, regenerateOf.seq);
        answer = await this.messages.insertAnswerPlaceholder(db, turn);
      } else {
        [question, answer] = await this.messages.insertTurn(db, { ...turn, prompt: body.prompt });
      }
      await this.usage.record(db, { userId, module, convId: conversation.id, messageId: question.id });
      if (existing) await this.conversations.recordAsk(conversation.id, { ...settings, title }, db);
      return {
        module,
        options,
        conversation,
        question,
        answer,
        newQuestion: !regenerateOf,
        newConversation: !existing,
        title,
      };
    });
  }

  /** Streams the answer on the raw response and saves it whatever happens: done, aborted or incomplete. */
  async run(ask: PreparedAsk, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void> {
    const ids = { conv_id: ask.conversation.id, message_id: ask.answer.id };
    const controller = new AbortController();
    let stopReason: StopReason | undefined;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      controller.abort();
    };
    res.on('close', () => {
      if (!res.writableEnded) stop('client');
    });
    // The client may have gone while the question was being stored.
    if (res.destroyed) stop('client');

    let resolveDone!: () => void;
    this.registry.add(ask.answer.id, { module: ask.module, stop, done: new Promise((r) => (resolveDone = r)) });

    let stream: EventStream;
    try {
      stream = new EventStream(res, requestId);
    } catch (error) {
      resolveDone();
      throw error;
    }
    const state: AnswerState = { content: '', reasoning: '' };
    const progress = new ProgressWriter(
      this.messages,
      ask.answer.id,
      this.config.persist_interval_ms,
      this.config.persist_chars,
      (error) => log.warn({ err: error }, 'saving a partial answer failed'),
    );
    let finishReason: string | undefined;
    let usage: TokenUsage | undefined;
    try {
      const turns = ask.newConversation
        ? [{ role: 'user' as const, content: ask.question.content }]
        : await this.messages.history(ask.conversation.id, ask.question.seq);
      const history = this.llm.trimHistory(turns);
      const chunks = this.llm.streamChat({
        module: ask.module,
        modelType: ask.options.modelType,
        temperature: ask.options.temperature,
        messages: history,
        signal: controller.signal,
        options: ask.options.options,
      });
      for await (const chunk of chunks) {
        let event: ChatStreamMessage | undefined;
        if (chunk.type === 'content') {
          state.content += chunk.text;
          event = { ...ids, text: chunk.text };
        } else if (chunk.type === 'reasoning') {
          state.reasoning += chunk.text;
          event = { ...ids, text: '', reasoning: chunk.text };
        } else if (chunk.type === 'citations') {
          state.citations = chunk.sources;
          event = { ...ids, text: '', citations: chunk.sources };
        } else {
          finishReason = chunk.finishReason;
          usage = chunk.usage;
        }
        if (event) {
          stream.send('message', event);
          progress.offer(state);
        }
      }
      await progress.settle();
      await this.messages.finish(ask.answer.id, 'done', state, finishReason);
      const finish: ChatStreamFinish = {
        ...ids,
        ...(ask.newQuestion ? { user_message_id: ask.question.id } : {}),
        ...(ask.title ? { title: ask.title } : {}),
        status: 'done',
        ...(finishReason ? { finish_reason: finishReason } : {}),
        ...(usage ? { usage } : {}),
      };
      stream.send('finish', finish);
    } catch (error) {
      await progress.settle();
      const status = stopReason === 'client' ? 'aborted' : 'incomplete';
      await this.messages.finish(ask.answer.id, status, state).catch((e: unknown) => {
        log.error({ err: e }, 'saving an interrupted answer failed');
      });
      if (!(error instanceof LlmError)) log.error({ err: error }, 'answer stream failed');
      if (stopReason !== 'client') {
        const failure: ChatStreamError = {
          ...ids,
          message:
            stopReason === 'shutdown'
              ? SHUTDOWN_MESSAGE
              : error instanceof LlmError
                ? error.message
                : ErrorMessage.upstream,
          code: error instanceof LlmError ? error.code : ErrorCode.upstream,
        };
        stream.send('error', failure);
      }
    } finally {
      stream.end();
      resolveDone();
    }
  }
}
