import type {
  AskStreamRequest,
  ChatMessageApi,
  ChatModule,
  ChatStreamError,
  ChatStreamFinish,
  ChatStreamMessage,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { ChatMessageRow, ConversationRow } from '../../db/schema';
import type { Answers, EarlyGeneration } from '../../services/answers';
import type { JobQueue } from '../../services/jobs';
import type { ChatTurn, LlmGateway, ModelChoice } from '../../services/llm';
import type { EffectiveQuota, UsageService } from '../../services/usage';
import type { ChatConfig } from './config';
import type { MessageStore } from './message-store';
import type { SearchOptions } from './prompts';
import type { RecentTurns } from './recent-turns';

/** The job that generates an asynchronous chat answer. */
export const CHAT_ANSWER_JOB = 'chat.answer';

/** What an asynchronous answer's job needs to generate it after the request has ended. */
export interface ChatAnswerJob {
  module: ChatModule;
  convId: string;
  answerId: string;
  questionSeq: number;
  modelType: number;
  temperature: number;
  /** The web-search options of a module that answers from a search (metaso). */
  options?: SearchOptions;
}

/** The events of a chat answer stream. */
export type ChatStreamEvents = { message: ChatStreamMessage; finish: ChatStreamFinish; error: ChatStreamError };

/** An ask as its route received it (POST /api/{api}/message/askStream or ask). */
export interface AskInput {
  userId: number;
  module: ChatModule;
  /** The path's model family: each model answers on its own (ERNIE on /api/ernie, GLM on /api/zhipu…). */
  api: ChatMessageApi;
  body: AskStreamRequest;
  /**
   * The answer streams from this process (event-stream transport), so a new question's answer
   * takes its generation lease in the same statement that stores it. Not for asynchronous
   * answers: their job claims the lease on whichever replica runs it.
   */
  streamHere?: boolean;
}

/** Who asks, in which module, with which checked model choice and search options. */
export interface Asker {
  userId: number;
  module: ChatModule;
  choice: ModelChoice;
  search?: SearchOptions;
}

/** An ask that passed its checks, with the quota it is counted against (ask-admission.ts). */
export interface AdmittedAsk extends Asker {
  quota: EffectiveQuota;
}

/** A question accepted and stored, ready to be answered. */
export interface PreparedAsk {
  module: ChatModule;
  choice: ModelChoice;
  search?: SearchOptions;
  conversation: ConversationRow;
  question: ChatMessageRow;
  answer: ChatMessageRow;
  /** The question was stored by this request (not a regenerate). */
  newQuestion: boolean;
  /** The conversation was created by this request, so the question is its whole history. */
  newConversation: boolean;
  title?: string;
  /** The turns to send, when prepare already read them; else they are read. */
  history?: ChatTurn[];
  /** The answer's generation lease was taken with its row, by and for this process. */
  claimed: boolean;
  /** The model call, when it started while the question was stored. */
  early?: EarlyGeneration;
}

/** What the parts of an ask work with (services.ts builds it). */
export interface AskServiceDeps {
  db: Db;
  llm: LlmGateway;
  messages: MessageStore;
  usage: UsageService;
  answers: Answers;
  jobs: JobQueue;
  config: ChatConfig;
  recentTurns: RecentTurns;
  /**
   * The database runs in this process, its only writer (services.ts): the statement hands the
   * stored turns back rather than hashing them (in WebAssembly that cost as much as handing them
   * over). Elsewhere it compares them by digest.
   */
  embedded: boolean;
}
