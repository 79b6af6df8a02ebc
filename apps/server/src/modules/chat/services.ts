import type { Db } from '../../db/client';
import type { Answers } from '../../services/answers';
import type { JobQueue } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import type { QuotaService } from '../../services/quotas/quota-service';
import { UsageService } from '../../services/usage';
import { AskService } from './ask-service';
import { chatUsageDefaults, type ChatConfig } from './config';
import { ConversationKinds } from './conversation-kinds';
import { ConversationStore } from './conversation-store';
import { FeedbackService } from './feedback-service';
import { HISTORY_ROWS, MessageStore } from './message-store';
import { RecentTurns } from './recent-turns';

export type ChatServices = ReturnType<typeof createChatServices>;

export interface ChatDeps {
  db: Db;
  llm: LlmGateway;
  answers: Answers;
  jobs: JobQueue;
  /** Quota rules; without them the configured quotas apply to everyone. */
  quotas?: QuotaService;
  /**
   * No other process writes this database, which runs inside it (the embedded engine): the turns
   * kept of recent conversations (recent-turns.ts) are used as they are. Beside replicas they are
   * used while the other replicas' asks are heard, and the statement confirms them by digest.
   */
  onlyProcess?: boolean;
}

export function createChatServices({ db, llm, answers, jobs, quotas, onlyProcess }: ChatDeps, config: ChatConfig) {
  const recentTurns = new RecentTurns(HISTORY_ROWS);
  // Beside replicas, trusted once their asks are heard (turns-feed.ts, started by the module).
  recentTurns.trusted = onlyProcess ?? false;
  const conversations = new ConversationStore(db, recentTurns);
  const messages = new MessageStore(db);
  const usage = new UsageService(db, chatUsageDefaults(config), quotas);
  const feedback = new FeedbackService(db, messages);
  const asks = new AskService({
    db,
    llm,
    messages,
    usage,
    answers,
    jobs,
    config,
    recentTurns,
    embedded: onlyProcess ?? false,
  });
  const kinds = new ConversationKinds();
  return { config, conversations, kinds, messages, usage, feedback, asks, answers, recentTurns };
}
