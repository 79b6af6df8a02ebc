import type { Db } from '../../db/client';
import type { Answers } from '../../services/answers';
import type { FileService } from '../../services/files';
import type { LlmGateway } from '../../services/llm';
import { MarketingCollectionStore } from './collection-store';
import type { MarketingConfig } from './config';
import { MarketingConversationStore } from './conversation-store';
import { MarketingMessageStore } from './message-store';
import { ReceiveService } from './receive-service';
import { MarketingUsage } from './usage';

export type MarketingServices = ReturnType<typeof createMarketingServices>;

export interface MarketingDeps {
  db: Db;
  llm: LlmGateway;
  files: FileService;
  answers: Answers;
}

export function createMarketingServices({ db, llm, files, answers }: MarketingDeps, config: MarketingConfig) {
  const conversations = new MarketingConversationStore(db);
  const messages = new MarketingMessageStore(db);
  const collections = new MarketingCollectionStore(db);
  const usage = new MarketingUsage(config);
  const receive = new ReceiveService(db, llm, files, conversations, messages, usage, answers, config);
  return { config, conversations, messages, collections, receive };
}
