import type { ServerResponse } from 'node:http';
import {
  chatModel,
  ErrorCode,
  httpStatusOf,
  validationMessage,
  type AskStreamRequest,
  type AsyncAskResponse,
  type ChatMessageApi,
  type ChatModule,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ChatMessageRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { EarlyGeneration, persistOf, streamAnswer, type Answers } from '../../services/answers';
import type { JobQueue } from '../../services/jobs';
import { LlmError, type ChatTurn, type LlmChunk, type LlmGateway, type ModelChoice } from '../../services/llm';
import type { ChatConfig } from './config';
import type { ConversationStore } from './conversation-store';
import type { MessageStore } from './message-store';
import { resourceGone } from '../../lib/resource-gone';
import { answerChat, searchOptionsOf, type ChatPromptTarget } from './prompts';
import { DEFAULT_TITLE, titleFromPrompt } from './title';
import { prepareRegenerate, type RegenerateSettings } from './regenerate';
import { askInOneStatement, type AskStatementInput, type AskStatementResult } from './ask-statement';
import { HISTORY_ROWS } from './message-store';
import { quotaExhausted, type UsageService } from '../../services/usage';
import { QuotaHints } from './quota-hints';
import { sameTurns, type RecentTurns } from './recent-turns';
import {
  CHAT_ANSWER_JOB,
  type AskServiceDeps,
  type Asker,
  type ChatAnswerJob,
  type ChatStreamEvents,
  type PreparedAsk,
  type PrepareOptions,
  type StreamedAnswer,
} from './ask-types';

// The chat module's registration (index.ts) names the job from here.
export { CHAT_ANSWER_JOB, type ChatAnswerJob } from './ask-types';

/**
 * What the prompt builder needs of an answer's job. Every job comes from an ask that `prepare`
 * accepted, which checked its model choice and question: the model call does not again.
 */
function chatTarget(job: ChatAnswerJob): ChatPromptTarget {
  return {
    module: job.module,
    modelType: job.modelType,
    temperature: job.temperature,
    search: job.options,
    checked: true,
  };
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof LlmError)) return error;
  return new AppError(error.code, error.message, httpStatusOf[error.code]);
}

/** POST /api/{module}/message/askStream: checks, stores the question, then streams and saves the answer. */
export class AskService {
  private readonly quotaHints = new QuotaHints();

  private readonly db: Db;
  private readonly llm: LlmGateway;
  private readonly conversations: ConversationStore;
  private readonly messages: MessageStore;
  private readonly usage: UsageService;
  private readonly answers: Answers;
  private readonly jobs: JobQueue;
  private readonly config: ChatConfig;
  private readonly recentTurns: RecentTurns;
  private readonly embedded: boolean;

  constructor(deps: AskServiceDeps) {
    this.db = deps.db;
    this.llm = deps.llm;
    this.conversations = deps.conversations;
    this.messages = deps.messages;
    this.usage = deps.usage;
    this.answers = deps.answers;
    this.jobs = deps.jobs;
    this.config = deps.config;
    this.recentTurns = deps.recentTurns;
    this.embedded = deps.embedded;
  }

  /** Everything that may fail as a plain JSON error happens here, before any stream starts. */
  async prepare(
    userId: number,
    module: ChatModule,
    api: ChatMessageApi,
    body: AskStreamRequest,
    options: PrepareOptions = {},
  ): Promise<PreparedAsk> {
    let choice: ModelChoice;
    try {
      choice = this.llm.validateModelChoice(module, body);
    } catch (error) {
      throw asAppError(error);
    }
    if (!body.regenerate) this.checkPrompt(body.prompt);
    const search = searchOptionsOf(module, body);
    // Each model answers on its own path (ERNIE on /api/ernie, GLM on /api/zhipu…).
    const model = chatModel(module, choice.modelType);
    if (model && model.api !== api) {
      throw new AppError(ErrorCode.validation, validationMessage('model_type', `该模型的提问接口为 /api/${model.api}`));
    }
    const settings = { modelType: choice.modelType, temperature: choice.temperature, ...search };
    const asker = { userId, module, choice, search };
    if (!body.regenerate) return this.prepareQuestion(asker, body.prompt, body.conv_id, options.streamHere);
    return this.prepareRegenerate(asker, body.conv_id, settings);
  }

  /** The ask's question within the prompt limits (the only check of it: the model call trusts it). */
  private checkPrompt(prompt: string): void {
    try {
      this.llm.checkPrompt(prompt);
    } catch (error) {
      throw asAppError(error);
    }
  }

  /**
   * A new question: one round trip to the database (ask-statement.ts) before the answer streams,
   * with the model call running alongside it (a follow-up's turns may be read first). The quota is
   * checked first: an exhausted user learns that even for a conversation id that is wrong.
   */
  private async prepareQuestion(
    { userId, module, choice, search }: Asker,
    prompt: string,
    convId: string | undefined,
    streamHere = false,
  ): Promise<PreparedAsk> {
    const { limit, window } = await this.usage.effective(userId, module);
    // The model call starts before the statement stores the question, and the statement runs
    // while the provider thinks (early-generation.ts).
    const target = { module, modelType: choice.modelType, temperature: choice.temperature, search, checked: true };
    const early =
      streamHere && this.quotaHints.startsEarly(userId, module, limit, window.start)
        ? await this.startEarly(userId, target, prompt, convId)
        : undefined;
    let stored: AskStatementResult;
    try {
      // The model request leaves first, before the statement takes the database's thread (this
      // one, with PGlite in memory) or is sent to it.
      if (early) await new Promise((resolve) => setImmediate(resolve));
      stored = await askInOneStatement(this.db, {
        userId,
        module,
        limit,
        since: window.start,
        convId,
        title: titleFromPrompt(prompt) || DEFAULT_TITLE,
        prompt,
        modelType: choice.modelType,
        temperature: choice.temperature,
        lang: search?.lang,
        enableMix: search?.enableMix,
        historyRows: HISTORY_ROWS,
        ...this.askedBy(streamHere),
        ...(early && !this.embedded ? { expectedTurns: early.turns } : {}),
      });
    } catch (error) {
      early?.call.cancel();
      this.quotaHints.forget(userId, module);
      throw error;
    }
    if (stored.refused) {
      early?.call.cancel();
      if (stored.refused === 'gone') {
        if (convId) this.recentTurns.forget(userId, module, convId);
        throw resourceGone();
      }
      this.quotaHints.learn(userId, module, window.start, limit ?? 0);
      throw quotaExhausted(window);
    }
    if (stored.used !== undefined) this.quotaHints.learn(userId, module, window.start, stored.used);
    else this.quotaHints.forget(userId, module);
    const history = stored.history ?? [{ role: 'user' as const, content: stored.question.content }];
    // The call asked with the turns known before the statement, which compared their digest with
    // the stored turns. If those differ (the prompt was stored otherwise, another tab asked in the
    // same conversation meanwhile), they came back instead: the call is cancelled and the answer
    // asks with the stored turns.
    const started = early && sameTurns(early.turns, history) ? early.call : undefined;
    if (early && !started) early.call.cancel();
    const conversationId = stored.conversation.id;
    // An asynchronous answer is generated by a job, whose end is not followed here.
    if (!streamHere) this.recentTurns.forget(userId, module, conversationId);
    else {
      const question = { role: 'user' as const, content: stored.question.content };
      this.recentTurns.asked(userId, module, conversationId, question, stored.answer.id, stored.history);
    }
    return {
      module,
      choice,
      search,
      conversation: stored.conversation,
      question: stored.question,
      answer: stored.answer,
      newQuestion: true,
      newConversation: !convId,
      title: stored.titled ? stored.conversation.title : undefined,
      history,
      claimed: streamHere,
      ...(started ? { early: started } : {}),
    };
  }

  /**
   * How the ask statement names this process. A streamed answer's lease is taken with its rows. An
   * asynchronous answer's is left to its job; beside replicas the ask is announced instead.
   */
  private askedBy(streamHere: boolean): Pick<AskStatementInput, 'claim' | 'announceAs'> {
    const claimant = this.answers.leases.claimantFor(this.messages.kind);
    if (streamHere) return { claim: claimant };
    return this.embedded ? {} : { announceAs: claimant.owner };
  }

  /**
   * Starts a question's model call before the statement that stores it. A new conversation's turns
   * are the question alone. A follow-up's are those this process kept from the conversation's last
   * answer (recent-turns.ts); they are read first when none were kept, or confirmed first (by
   * digest) while other replicas' asks may go unheard. The read checks the conversation's owner:
   * no call is started for a conversation that is not this user's (the statement refuses it).
   */
  private async startEarly(
    userId: number,
    target: ChatPromptTarget,
    prompt: string,
    convId: string | undefined,
  ): Promise<{ call: EarlyGeneration; turns: ChatTurn[] } | undefined> {
    const kept = convId ? this.recentTurns.before(userId, target.module, convId) : undefined;
    const before = !convId
      ? []
      : kept && this.recentTurns.trusted
        ? kept
        : await this.messages.turnsBeforeQuestion(userId, target.module, convId, kept);
    if (!before) return undefined;
    const turns: ChatTurn[] = [...before, { role: 'user', content: prompt }];
    return { call: new EarlyGeneration((signal) => answerChat(this.llm, target, turns, signal)), turns };
  }

  /** Regenerating the last answer (regenerate.ts); counted there without a count coming back. */
  private prepareRegenerate(
    asker: Asker,
    convId: string | undefined,
    settings: RegenerateSettings,
  ): Promise<PreparedAsk> {
    this.quotaHints.forget(asker.userId, asker.module);
    if (convId) this.recentTurns.forget(asker.userId, asker.module, convId);
    const { db, usage, conversations, messages } = this;
    const checkPrompt = (prompt: string) => this.checkPrompt(prompt);
    return prepareRegenerate({ db, usage, conversations, messages }, { ...asker, convId, settings, checkPrompt });
  }

  /** The model's chunks for an answer whose question is stored at `questionSeq`. */
  private async *generate(job: ChatAnswerJob, signal: AbortSignal): AsyncGenerator<LlmChunk> {
    yield* answerChat(this.llm, chatTarget(job), await this.messages.history(job.convId, job.questionSeq), signal);
  }

  private jobOf(ask: PreparedAsk): ChatAnswerJob {
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

  private get persist() {
    return persistOf(this.config);
  }

  /**
   * Event-stream transport: streams the answer on the raw response; it is saved whatever happens.
   * Only what the open stream needs is kept while it streams, not the rows of the prepared ask.
   */
  stream(ask: PreparedAsk, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void> {
    const job = this.jobOf(ask);
    const finish = {
      ...(ask.newQuestion ? { user_message_id: ask.question.id } : {}),
      ...(ask.title ? { title: ask.title } : {}),
    };
    // A new question's history was read with it, so the model call starts without another query.
    // It is handed over, not kept: the call lets it go once the answer streams.
    let history = ask.history;
    let early = ask.early;
    const generate = (signal: AbortSignal) => {
      const turns = history;
      history = undefined;
      if (early) {
        const started = early;
        early = undefined;
        return started;
      }
      return turns ? answerChat(this.llm, chatTarget(job), turns, signal) : this.generate(job, signal);
    };
    const { userId } = ask.conversation;
    const answer = { job, userId, generate, finish, claimed: ask.claimed, controller: ask.early?.controller };
    return this.streamAnswer(answer, res, requestId, log);
  }

  private streamAnswer(
    { job, userId, generate, finish, claimed, controller }: StreamedAnswer,
    res: ServerResponse,
    requestId: string,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const ids = { conv_id: job.convId, message_id: job.answerId };
    return streamAnswer<ChatStreamEvents>({
      res,
      requestId,
      log,
      ids,
      what: 'answer stream failed',
      run: ({ stream }) =>
        this.answers.runner.run({
          store: this.messages,
          messageId: job.answerId,
          persist: this.persist,
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
        this.recentTurns.answered(userId, job.module, job.convId, job.answerId, outcome.state.content);
        return {
          ...ids,
          ...finish,
          status: 'done',
          ...(outcome.finishReason ? { finish_reason: outcome.finishReason } : {}),
          ...(outcome.usage ? { usage: outcome.usage } : {}),
        };
      },
      failed: () => this.recentTurns.forget(userId, job.module, job.convId),
    });
  }

  /** Asynchronous transport: queues the generation as a job and answers the ids at once. */
  async startAsync(ask: PreparedAsk): Promise<AsyncAskResponse> {
    await this.jobs.send(CHAT_ANSWER_JOB, this.jobOf(ask));
    return {
      conv_id: ask.conversation.id,
      message_id: ask.answer.id,
      user_message_id: ask.question.id,
      ...(ask.title ? { title: ask.title } : {}),
    };
  }

  /** Runs an asynchronous answer's job, on whichever replica took it. */
  async runJob(job: ChatAnswerJob, signal: AbortSignal, log: FastifyBaseLogger): Promise<{ status: string }> {
    // A retried job whose answer was already closed (stopped, or its first worker died) is done.
    const current = await this.messages.status(job.answerId);
    if (current !== 'generating') return { status: current ?? 'gone' };
    return this.answers.runJob({
      messageId: job.answerId,
      signal,
      log,
      what: 'asynchronous answer failed',
      run: () =>
        this.answers.runner.run({
          store: this.messages,
          messageId: job.answerId,
          persist: this.persist,
          log,
          generate: (s) => this.generate(job, s),
        }),
    });
  }

  /**
   * Stops an answer of this user, wherever it is generated, and answers the message once it is
   * final (or as it stands after a few seconds).
   */
  async stop(userId: number, module: ChatModule, messageId: string): Promise<ChatMessageRow> {
    const found = await this.messages.findOwned(userId, messageId, module);
    if (!found || found.row.role !== 'assistant') throw resourceGone();
    return this.answers.stopAnswer(this.messages, messageId, found.row);
  }
}
