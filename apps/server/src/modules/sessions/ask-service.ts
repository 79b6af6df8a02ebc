import type { ServerResponse } from 'node:http';
import {
  brainstormMethodLabels,
  clusterDraftListSchema,
  ErrorCode,
  ideaDraftListSchema,
  validationMessage,
  type BrainstormMethod,
  type DocCitation,
  type IdeaCard,
  type SessionAskParsed,
  type SessionAsyncAskResponse,
  type SessionMessageData,
  type SessionMessageKind,
  type SessionModule,
  type SessionStreamError,
  type SessionStreamFinish,
  type SessionStreamMessage,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ToolSessionMessageRow, ToolSessionRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { persistOf, streamAnswer, type Answers } from '../../services/answers';
import type { DocumentService, RetrievedChunk } from '../../services/documents';
import type { JobQueue } from '../../services/jobs';
import type { UsageService } from '../../services/usage';
import { LlmError, type ChatTurn, type LlmChunk, type LlmGateway } from '../../services/llm';
import type { SessionsConfig } from './config';
import { demoAsk, demoReport, demoRound, demoSummary } from './demo';
import { resourceGone } from '../../lib/resource-gone';
import { IdeaBoard } from './idea-board';
import type { SessionMessageStore } from './message-store';
import * as prompts from './prompts';
import { toSessionMessage } from './serialize';
import type { SessionStore } from './session-store';
import { keepKnownCitations } from './answer-citations';
import { generateRepairing, type StructuredSpec } from './repair';
import {
  buildReport,
  buildRound,
  buildSummary,
  renderReport,
  renderRound,
  renderSummary,
  reportDraftSchema,
  type Structured,
} from './structured';
import { collectVoices } from './voices';

/** The job that generates an asynchronous answer of a session tool. */
export const SESSION_ANSWER_JOB = 'sessions.answer';
export interface SessionAnswerJob {
  answerId: string;
}

type StreamEvents = { message: SessionStreamMessage; finish: SessionStreamFinish; error: SessionStreamError };

export interface PreparedAsk {
  session: ToolSessionRow;
  question: ToolSessionMessageRow;
  answer: ToolSessionMessageRow;
}

/** What a structured reply becomes: the stored text (rendered Markdown) and its data. */
interface StructuredAnswer {
  content: string;
  data: SessionMessageData;
}

/** What one answer asks the model, and how its reply becomes the stored message. */
interface Plan {
  system: string;
  messages: ChatTurn[];
  demo: () => string;
  /** Structured answers validate their reply (repaired once if needed); plain answers have none. */
  structured?: StructuredSpec<StructuredAnswer>;
  /** The stored text of a plain answer, from the model's reply. */
  plainText?: (text: string) => string;
}

/** A structured spec whose built value is rendered for storage. */
function spec<T>(
  schema: z.ZodType,
  build: (text: string) => Structured<T>,
  store: (value: T) => StructuredAnswer,
): StructuredSpec<StructuredAnswer> {
  return {
    schema,
    build: (text) => {
      const built = build(text);
      return built.ok ? { ok: true, value: store(built.value) } : built;
    },
  };
}

const KIND_OF_ACTION: Record<SessionAskParsed['action'], SessionMessageKind> = {
  ask: 'answer',
  round: 'ideas',
  summary: 'summary',
  report: 'report',
};
const ACTIONS_OF_MODULE: Record<SessionModule, readonly SessionAskParsed['action'][]> = {
  pdf: ['ask'],
  insight: ['ask', 'report'],
  brainstorm: ['ask', 'round', 'summary'],
};

/** Whole-document requests get passages spread over the document instead of a keyword match. */
const SUMMARY_REQUEST = /总结|概括|摘要|概述|主要内容|讲了什么|summar/i;

function citationsOf(found: readonly RetrievedChunk[]): DocCitation[] {
  return found.map((r, i) => ({
    index: i + 1,
    file_id: r.chunk.fileId,
    file_name: r.fileName,
    page: r.chunk.page,
    row: r.chunk.row,
    quote: r.chunk.text,
    chunk_id: String(r.chunk.id),
  }));
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof LlmError)) return error;
  return new AppError(error.code, error.message);
}

/**
 * Asks of the session tools: checks and stores the question (with the passages it will cite)
 * before any model call, then generates the answer through the shared runner, streamed
 * (`message/receive`, `prompt/askStream`) or as a durable job (`prompt/asyncAsk`).
 */
export class SessionAskService {
  constructor(
    private readonly db: Db,
    private readonly llm: LlmGateway,
    private readonly sessions: SessionStore,
    private readonly messages: SessionMessageStore,
    private readonly documents: DocumentService,
    private readonly ideas: IdeaBoard,
    private readonly answers: Answers,
    private readonly jobs: JobQueue,
    private readonly usage: UsageService,
    private readonly config: SessionsConfig,
  ) {}

  /** Everything that may fail as a plain JSON error happens here, before any stream starts. */
  async prepare(userId: number, module: SessionModule, body: SessionAskParsed): Promise<PreparedAsk> {
    if (!ACTIONS_OF_MODULE[module].includes(body.action)) {
      throw new AppError(ErrorCode.validation, validationMessage('action', '当前模块不支持该操作'));
    }
    if (body.action === 'ask') {
      try {
        this.llm.checkPrompt(body.prompt);
      } catch (error) {
        throw asAppError(error);
      }
    }
    const existing = body.session_id ? await this.sessions.get(userId, module, body.session_id) : undefined;
    const sessionId = existing?.id;
    if (body.file_ids && body.file_ids.length > 0) {
      const owned = sessionId ? await this.documents.list(sessionId, userId, body.file_ids) : [];
      if (owned.length !== new Set(body.file_ids).size) throw resourceGone();
    }
    const hasDocuments = sessionId ? (await this.documents.countIn(sessionId)) > 0 : false;

    let question = body.prompt;
    let citations: DocCitation[] = [];
    let method: BrainstormMethod | undefined;
    let topic: string | undefined;
    if (body.action === 'ask') {
      if (sessionId && hasDocuments) citations = await this.retrieve(sessionId, userId, body.prompt, body.file_ids);
    } else if (body.action === 'round') {
      topic = existing?.topic || body.prompt;
      if (!topic) throw new AppError(ErrorCode.validation, validationMessage('prompt', '请先输入头脑风暴的主题'));
      method = body.method ?? existing?.method ?? 'free_association';
      if (body.expand_card_id) {
        const cards = sessionId ? await this.ideas.cards(sessionId) : [];
        if (!cards.some((c) => c.card_id === body.expand_card_id)) throw resourceGone();
      }
      question ||= `${brainstormMethodLabels[method]}：${topic}`;
      if (sessionId && hasDocuments) citations = await this.retrieve(sessionId, userId, topic, body.file_ids, 3);
    } else if (body.action === 'summary') {
      const cards = sessionId ? (await this.ideas.cards(sessionId)).filter((c) => c.state !== 'dropped') : [];
      if (cards.length === 0) throw new AppError(ErrorCode.validation, '还没有可以总结的创意，请先进行一轮头脑风暴');
      question ||= '总结本次头脑风暴';
    } else {
      if (!body.text?.trim() && !hasDocuments) {
        throw new AppError(ErrorCode.validation, validationMessage('text', '请先上传文件或粘贴用户原声'));
      }
      question ||= '生成用户洞察报告';
    }
    const request: SessionAskParsed = { ...body, ...(method ? { method } : {}) };

    // The quota is checked first, before anything is stored (and again under the ask lock below).
    await this.usage.ensureAvailable(userId, module);
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.usage.reserve(db, userId, module);
      const created = existing ?? (await this.sessions.create(userId, module, { topic, method }, db));
      const session = await this.sessions.touch(db, created, { prompt: question, method, topic });
      const [q, a] = await this.messages.insertTurn(db, {
        sessionId: session.id,
        userId,
        question,
        kind: KIND_OF_ACTION[body.action],
        citations,
        request,
        demo: this.llm.isTaskDemo(module),
      });
      await this.usage.record(db, { userId, module, convId: session.id, messageId: q.id });
      return { session, question: q, answer: a };
    });
  }

  private async retrieve(
    sessionId: string,
    userId: number,
    query: string,
    fileIds?: readonly string[],
    limit = this.config.retrieval_top_k,
  ): Promise<DocCitation[]> {
    if (SUMMARY_REQUEST.test(query)) {
      // Spread over the document: the first passage of each page (or every n-th passage).
      const all = await this.documents.chunks(sessionId, userId, fileIds);
      const step = Math.max(1, Math.ceil(all.length / limit));
      const picked = all.filter((_, i) => i % step === 0).slice(0, limit);
      return citationsOf(picked.map((r) => ({ ...r, score: 0 })));
    }
    return citationsOf(await this.documents.search(sessionId, userId, query, limit, fileIds));
  }

  /** Whether a question without passages found nothing, or came before any document was ready. */
  private async documentsState(session: ToolSessionRow): Promise<prompts.DocumentsState> {
    const docs = await this.documents.list(session.id, session.userId);
    if (docs.length === 0) return 'none';
    const parsing = (status: string) => status === 'queued' || status === 'parsing' || status === 'ocr';
    const ready = docs.some((d) => d.doc.status === 'ready');
    return !ready && docs.some((d) => parsing(d.doc.status)) ? 'pending' : 'searched';
  }

  /** What the model is asked for this answer; read when generation starts. */
  private async plan(session: ToolSessionRow, answer: ToolSessionMessageRow): Promise<Plan> {
    const request = answer.request ?? { action: 'ask' as const, prompt: '' };
    const module = session.module;
    const citations = answer.citations;
    const demo = answer.demo;
    if (request.action === 'round') {
      const method = request.method ?? 'free_association';
      const rounds = await this.ideas.rounds(session.id);
      const round = (rounds.at(-1)?.round ?? 0) + 1;
      const cards = rounds.flatMap((r) => r.cards);
      const expand = cards.find((c) => c.card_id === request.expand_card_id);
      const topic = session.topic || request.prompt;
      return {
        system: prompts.roundSystem(method),
        messages: [
          {
            role: 'user',
            content: prompts.roundUser({
              topic,
              prompt: request.prompt,
              expand,
              previousTitles: cards.map((c) => c.title),
              citations,
            }),
          },
        ],
        demo: () => demoRound(topic, method, round, expand),
        structured: spec(
          ideaDraftListSchema,
          (text) => buildRound(text, round, method, expand?.card_id),
          (built) => ({ content: renderRound(built, demo), data: { kind: 'ideas', round: built } }),
        ),
      };
    }
    if (request.action === 'summary') {
      const rounds = await this.ideas.rounds(session.id);
      const cards: IdeaCard[] = rounds.flatMap((r) => r.cards).filter((c) => c.state !== 'dropped');
      const methods = new Map(rounds.map((r) => [r.round, r.method] as const));
      return {
        system: prompts.summarySystem(),
        messages: [{ role: 'user', content: prompts.summaryUser(session.topic, cards) }],
        demo: () => demoSummary(cards, methods),
        structured: spec(
          clusterDraftListSchema,
          (text) => buildSummary(text, session.topic, cards),
          (built) => ({ content: renderSummary(built, demo), data: { kind: 'summary', summary: built } }),
        ),
      };
    }
    if (request.action === 'report') {
      const voices = await collectVoices(this.documents, {
        sessionId: session.id,
        userId: session.userId,
        fileIds: request.file_ids,
        pasted: request.text,
        max: this.config.max_voices,
      });
      return {
        system: prompts.reportSystem(),
        messages: [{ role: 'user', content: prompts.reportUser(request.prompt, voices) }],
        demo: () => demoReport(voices),
        structured: spec(
          reportDraftSchema,
          (text) => buildReport(text, voices),
          (built) => ({ content: renderReport(built, demo), data: { kind: 'report', report: built } }),
        ),
      };
    }
    const documents = await this.documentsState(session);
    // History up to this answer ends with its own question.
    const history = await this.messages.history(session.id, answer.seq);
    const question = history.at(-1)?.role === 'user' ? history.pop()!.content : request.prompt;
    return {
      system: prompts.askSystem(module, citations, documents),
      messages: [...history, { role: 'user', content: question }],
      demo: () => demoAsk(question, citations, documents),
      // With documents, only the passages shown to the model may be cited.
      ...(documents !== 'none' ? { plainText: (text: string) => keepKnownCitations(text, citations.length) } : {}),
    };
  }

  private get persist() {
    return persistOf(this.config);
  }

  /**
   * Runs one answer through the shared runner, then stores its structured result. A structured
   * reply that does not validate is repaired once (repair.ts) before it is kept as plain text.
   */
  private async run(
    session: ToolSessionRow,
    answer: ToolSessionMessageRow,
    log: FastifyBaseLogger,
    transport: { onChunk?: (chunk: LlmChunk) => void; onRepair?: () => void },
  ) {
    let result: StructuredAnswer | null = null;
    let plan: Plan | undefined;
    const generate = async function* (this: SessionAskService, signal: AbortSignal): AsyncGenerator<LlmChunk> {
      plan = await this.plan(session, answer);
      const { system, messages, demo, structured } = plan;
      yield* generateRepairing({
        messages,
        call: (turns, callSignal) =>
          this.llm.streamTask({
            task: session.module,
            system,
            messages: turns,
            demo,
            signal: callSignal,
          }),
        spec: structured,
        signal,
        onRepair: async (error, text) => {
          log.info({ messageId: answer.id, error }, 'structured reply did not validate; asking for a repair');
          transport.onRepair?.();
          // A poller (prompt/getCompletion) sees the phase too, with the whole first reply: the
          // throttled progress save may not have stored its last part yet.
          await this.messages
            .setPhase(answer.id, 'repairing', text)
            .catch((err: unknown) => log.warn({ err }, 'recording the repair phase failed'));
        },
        onRepairFailed: (err) => log.warn({ err, messageId: answer.id }, 'repairing a structured reply failed'),
        onResult: (value) => {
          result = value;
          if (!value) log.warn({ messageId: answer.id }, 'structured reply did not validate; kept as plain text');
        },
      });
    }.bind(this);
    const release = this.messages.withFinalizer(answer.id, (text) => {
      if (result) return result;
      const plainText = plan?.plainText;
      return plainText ? { content: plainText(text), data: null } : null;
    });
    let outcome;
    try {
      outcome = await this.answers.runner.run({
        store: this.messages,
        messageId: answer.id,
        persist: this.persist,
        log,
        generate,
        onChunk: transport.onChunk,
      });
    } finally {
      release();
    }
    return outcome;
  }

  /** Event-stream transport: the answer streams on the raw response and is saved whatever happens. */
  stream(ask: PreparedAsk, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void> {
    const ids = { session_id: ask.session.id, message_id: ask.answer.id };
    return streamAnswer<StreamEvents>({
      res,
      requestId,
      log,
      ids,
      what: 'session answer stream failed',
      run: ({ stream }) => {
        if (ask.answer.citations.length > 0)
          stream.sendWithNext('message', { ...ids, text: '', citations: ask.answer.citations });
        return this.run(ask.session, ask.answer, log, {
          onChunk: (chunk) => {
            if (chunk.type === 'content') stream.send('message', { ...ids, text: chunk.text });
          },
          // The text so far is not valid JSON: the client shows that the format is being fixed.
          onRepair: () => stream.send('message', { ...ids, text: '', phase: 'repairing' }),
        });
      },
      finish: async (outcome) => {
        const row = await this.messages.row(ask.answer.id);
        return {
          ...ids,
          user_message_id: ask.question.id,
          status: 'done',
          message: toSessionMessage(row ?? ask.answer),
          ...(outcome.usage ? { usage: outcome.usage } : {}),
        };
      },
    });
  }

  /** Asynchronous transport: queues the generation and answers the ids at once. */
  async startAsync(ask: PreparedAsk): Promise<SessionAsyncAskResponse> {
    await this.jobs.send(SESSION_ANSWER_JOB, { answerId: ask.answer.id } satisfies SessionAnswerJob);
    return { session_id: ask.session.id, message_id: ask.answer.id, user_message_id: ask.question.id };
  }

  /** Runs an asynchronous answer's job, on whichever replica took it. */
  async runJob(job: SessionAnswerJob, signal: AbortSignal, log: FastifyBaseLogger): Promise<{ status: string }> {
    const answer = await this.messages.row(job.answerId);
    if (!answer || answer.status !== 'generating') return { status: answer?.status ?? 'gone' };
    const session = await this.sessions.byId(answer.sessionId);
    if (!session) return { status: 'gone' };
    return this.answers.runJob({
      messageId: job.answerId,
      signal,
      log,
      what: 'asynchronous session answer failed',
      run: () => this.run(session, answer, log, {}),
    });
  }

  /** Stops an answer of this user wherever it is generated; answers the message once final. */
  async stop(userId: number, module: SessionModule, messageId: string): Promise<ToolSessionMessageRow> {
    const found = await this.messages.findOwned(userId, module, messageId);
    if (!found || found.role !== 'assistant') throw resourceGone();
    return this.answers.stopAnswer(this.messages, messageId, found);
  }
}
