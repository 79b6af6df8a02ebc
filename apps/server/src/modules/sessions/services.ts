import type { Db } from '../../db/client';
import type { Answers } from '../../services/answers';
import type { DocumentService } from '../../services/documents';
import type { JobQueue } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import type { QuotaService } from '../../services/quotas/quota-service';
import { UsageService } from '../../services/usage';
import { SessionAskService } from './ask-service';
import { sessionsUsageDefaults, type SessionsConfig } from './config';
import { IdeaBoard } from './idea-board';
import { SessionMessageStore } from './message-store';
import { SessionStore } from './session-store';

export type SessionToolServices = ReturnType<typeof createSessionToolServices>;

export interface SessionToolDeps {
  db: Db;
  llm: LlmGateway;
  answers: Answers;
  jobs: JobQueue;
  documents: DocumentService;
  /** Quota rules; without them the configured quotas apply to everyone. */
  quotas?: QuotaService;
}

export function createSessionToolServices(deps: SessionToolDeps, config: SessionsConfig) {
  const sessions = new SessionStore(deps.db);
  const messages = new SessionMessageStore(deps.db);
  const ideas = new IdeaBoard(deps.db, messages);
  const usage = new UsageService(deps.db, sessionsUsageDefaults(config), deps.quotas);
  const asks = new SessionAskService(
    deps.db,
    deps.llm,
    sessions,
    messages,
    deps.documents,
    ideas,
    deps.answers,
    deps.jobs,
    usage,
    config,
  );
  return { config, sessions, messages, ideas, usage, asks };
}
