import type { Db } from '../../db/client';
import type { Answers } from '../../services/answers';
import type { DocumentService } from '../../services/documents';
import type { FileService } from '../../services/files';
import type { LlmGateway } from '../../services/llm';
import type { QuotaService } from '../../services/quotas/quota-service';
import { UsageService } from '../../services/usage';
import { AttachmentReader } from './attachment-reader';
import { MarketingCollectionStore } from './collection-store';
import { marketingUsageDefaults, type MarketingConfig } from './config';
import { MarketingConversationStore } from './conversation-store';
import { MarketingMessageStore } from './message-store';
import { ReceiveService } from './receive-service';

export type MarketingServices = ReturnType<typeof createMarketingServices>;

export interface MarketingDeps {
  db: Db;
  llm: LlmGateway;
  files: FileService;
  documents: DocumentService;
  answers: Answers;
  /** Quota rules; without them the configured quota applies to everyone. */
  quotas?: QuotaService;
}

export function createMarketingServices(
  { db, llm, files, documents, answers, quotas }: MarketingDeps,
  config: MarketingConfig,
) {
  const conversations = new MarketingConversationStore(db);
  const messages = new MarketingMessageStore(db);
  const collections = new MarketingCollectionStore(db);
  const usage = new UsageService(db, marketingUsageDefaults(config), quotas);
  const reader = new AttachmentReader(documents);
  const receive = new ReceiveService(db, llm, files, reader, conversations, messages, usage, answers, config);
  return { config, conversations, messages, collections, usage, receive };
}
