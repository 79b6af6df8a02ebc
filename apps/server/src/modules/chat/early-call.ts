import { EarlyGeneration } from '../../services/answers';
import type { ChatTurn, LlmGateway } from '../../services/llm';
import type { MessageStore } from './message-store';
import { answerChat, type ChatPromptTarget } from './prompts';
import type { RecentTurns } from './recent-turns';

/** A model call started before its question was stored, with the turns it asked with. */
export interface EarlyCall {
  call: EarlyGeneration;
  turns: ChatTurn[];
}

export interface EarlyCallInput {
  userId: number;
  target: ChatPromptTarget;
  prompt: string;
  /** Undefined: a new conversation. */
  convId: string | undefined;
}

/**
 * Starts a question's model call before the statement that stores it. A new conversation's turns
 * are the question alone. A follow-up's are those this process kept from the conversation's last
 * answer (recent-turns.ts); they are read first when none were kept, or confirmed first (by
 * digest) while other replicas' asks may go unheard. The read checks the conversation's owner:
 * no call is started for a conversation that is not this user's (the statement refuses it).
 */
export async function startEarlyCall(
  deps: { llm: LlmGateway; messages: MessageStore; recentTurns: RecentTurns },
  { userId, target, prompt, convId }: EarlyCallInput,
): Promise<EarlyCall | undefined> {
  const { recentTurns } = deps;
  const kept = convId ? recentTurns.before(userId, target.module, convId) : undefined;
  const before = !convId
    ? []
    : kept && recentTurns.trusted
      ? kept
      : await deps.messages.turnsBeforeQuestion(userId, target.module, convId, kept);
  if (!before) return undefined;
  const turns: ChatTurn[] = [...before, { role: 'user', content: prompt }];
  return { call: new EarlyGeneration((signal) => answerChat(deps.llm, target, turns, signal)), turns };
}
