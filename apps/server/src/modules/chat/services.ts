import type { Db } from '../../db/client';
import type { LlmGateway } from '../../services/llm';
import { AskService } from './ask-service';
import type { ChatConfig } from './config';
import { ConversationStore } from './conversation-store';
import { FeedbackService } from './feedback-service';
import { MessageStore } from './message-store';
import { StreamRegistry } from './stream-registry';
import { UsageService } from './usage-service';

export type ChatServices = ReturnType<typeof createChatServices>;

export function createChatServices(db: Db, llm: LlmGateway, config: ChatConfig) {
  const conversations = new ConversationStore(db);
  const messages = new MessageStore(db);
  const usage = new UsageService(db, config);
  const feedback = new FeedbackService(db, messages);
  const streams = new StreamRegistry();
  const asks = new AskService(db, llm, conversations, messages, usage, streams, config);
  return { config, conversations, messages, usage, feedback, streams, asks };
}
