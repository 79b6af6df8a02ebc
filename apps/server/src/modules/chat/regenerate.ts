import { ErrorCode, validationMessage } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import type { Asker, AskServiceDeps, PreparedAsk } from './ask-types';
import type { SearchOptions } from './prompts';
import { titleFromPrompt } from './title';

/** The settings a regenerated answer is stored with (the ask's model choice and search options). */
export type RegenerateSettings = { modelType: number; temperature: number } & Partial<SearchOptions>;

export interface RegenerateInput extends Asker {
  convId: string | undefined;
  settings: RegenerateSettings;
  /** The ask's prompt check, run once on the question asked again. */
  checkPrompt(prompt: string): void;
}

/**
 * Regenerating a conversation's last answer: rarer than a new question, so several statements in
 * one transaction rather than the ask's one statement. The quota is counted, the answers after the
 * last question are deleted, a placeholder answer takes their place.
 */
export async function prepareRegenerate(
  deps: Pick<AskServiceDeps, 'db' | 'usage' | 'conversations' | 'messages'>,
  { userId, module, choice, search, convId, settings, checkPrompt }: RegenerateInput,
): Promise<PreparedAsk> {
  const [, existing] = await Promise.all([
    deps.usage.ensureAvailable(userId, module),
    convId ? deps.conversations.find(userId, module, convId) : undefined,
  ]);
  if (convId && !existing) throw resourceGone();
  if (!existing) throw new AppError(ErrorCode.validation, validationMessage('conv_id', '重新回答需要指定对话'));
  const regenerateOf = await deps.messages.lastQuestion(existing.id);
  if (!regenerateOf) throw new AppError(ErrorCode.validation, validationMessage('regenerate', '该对话还没有问题'));
  // The question asked again is checked here, once, as a new question is in `prepare`.
  checkPrompt(regenerateOf.content);
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await deps.usage.reserve(db, userId, module);
    const title = existing.autoTitle ? titleFromPrompt(regenerateOf.content) : undefined;
    const turn = { convId: existing.id, userId, ...settings };
    await deps.messages.deleteAnswersAfter(db, existing.id, regenerateOf.seq);
    const answer = await deps.messages.insertAnswerPlaceholder(db, turn);
    await deps.usage.record(db, { userId, module, convId: existing.id, messageId: regenerateOf.id });
    await deps.conversations.recordAsk(existing.id, { ...settings, title }, db);
    return {
      module,
      choice,
      search,
      conversation: existing,
      question: regenerateOf,
      answer,
      newQuestion: false,
      newConversation: false,
      title,
      claimed: false,
    };
  });
}
