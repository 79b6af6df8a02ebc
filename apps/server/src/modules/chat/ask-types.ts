import type { ChatModule, ChatStreamError, ChatStreamFinish, ChatStreamMessage } from '@portal/contract';
import type { Db } from '../../db/client';
import type { ChatMessageRow, ConversationRow } from '../../db/schema';
import type { Answers, EarlyGeneration } from '../../services/answers';
import type { JobQueue } from '../../services/jobs';
import type { ChatTurn, LlmChunk, LlmGateway, ModelChoice } from '../../services/llm';
import type { UsageService } from '../../services/usage';
import type { ChatConfig } from './config';
import type { ConversationStore } from './conversation-store';
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
  /** The turns to send, when prepare already read them (a new question); else they are read. */
  history?: ChatTurn[];
  /** The answer's generation lease was taken with its row, by and for this process. */
  claimed: boolean;
  /** The model call, when it started while the question was stored. */
  early?: EarlyGeneration;
}

export interface PrepareOptions {
  /**
   * The answer streams from this process (event-stream transport), so a new question's answer
   * takes its generation lease in the same statement that stores it. Not for asynchronous
   * answers: their job claims the lease on whichever replica runs it.
   */
  streamHere?: boolean;
}

/** What the ask service works with (services.ts). */
export interface AskServiceDeps {
  db: Db;
  llm: LlmGateway;
  conversations: ConversationStore;
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

/** Who asks, in which module, with which checked model choice and search options. */
export interface Asker {
  userId: number;
  module: ChatModule;
  choice: ModelChoice;
  search?: SearchOptions;
}

/** What the event-stream transport needs of a prepared ask (`stream`). */
export interface StreamedAnswer {
  job: ChatAnswerJob;
  userId: number;
  generate: (signal: AbortSignal) => AsyncIterable<LlmChunk>;
  finish: Pick<ChatStreamFinish, 'user_message_id' | 'title'>;
  claimed: boolean;
  controller: AbortController | undefined;
}
