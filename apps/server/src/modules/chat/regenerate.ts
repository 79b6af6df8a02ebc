import { ErrorCode, ErrorMessage, validationMessage } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import type { AskAdmission } from './ask-admission';
import type { AdmittedAsk, AskServiceDeps, PreparedAsk } from './ask-types';
import { HISTORY_ROWS } from './message-store';
import { regenerateInOneStatement, type RegenerateStatementInput } from './regenerate-statement';
import { titleFromPrompt } from './title';

/**
 * How often the statement is called again for a question asked meanwhile (by the same user, in
 * another tab) between the call that read it and the one that names it.
 */
const CONFIRMATIONS = 3;

export type RegenerateDeps = Pick<AskServiceDeps, 'db' | 'recentTurns'> & { admission: AskAdmission };

export interface RegenerateInput {
  ask: AdmittedAsk;
  convId: string | undefined;
}

function refusal(refused: 'no_conversation' | 'no_question'): AppError {
  return refused === 'no_conversation'
    ? new AppError(ErrorCode.validation, validationMessage('conv_id', '重新回答需要指定对话'))
    : new AppError(ErrorCode.validation, validationMessage('regenerate', '该对话还没有问题'));
}

/**
 * Regenerating a conversation's last answer through the database function a new question's rules
 * live in (regenerate-statement.ts). The question asked again is stored already: the first call
 * answers it without storing anything, its prompt is checked here (once, as a new question's is
 * in the admission) and the second call, naming it, stores the new answer's placeholder. The
 * refusals come in the order of the original checks: quota, conversation, owner, question, prompt.
 */
export async function prepareRegenerate(deps: RegenerateDeps, { ask, convId }: RegenerateInput): Promise<PreparedAsk> {
  const { userId, module, choice, search, quota } = ask;
  // The turns this process kept for the conversation's next question are no longer its turns.
  if (convId) deps.recentTurns.forget(userId, module, convId);
  const input: RegenerateStatementInput = {
    userId,
    module,
    limit: quota.limit,
    since: quota.window.start,
    convId,
    modelType: choice.modelType,
    temperature: choice.temperature,
    lang: search?.lang,
    enableMix: search?.enableMix,
    historyRows: HISTORY_ROWS,
  };
  for (let call = 0; call < CONFIRMATIONS; call++) {
    const stored = await regenerateInOneStatement(deps.db, input);
    if (stored.refused === 'unconfirmed') {
      deps.admission.checkPrompt(stored.question.content);
      input.confirmed = { questionId: stored.question.id, title: titleFromPrompt(stored.question.content) };
      continue;
    }
    if (stored.refused === 'quota') throw deps.admission.refused(ask);
    if (stored.refused === 'gone') throw resourceGone();
    if (stored.refused) throw refusal(stored.refused);
    // Counted, without the count coming back.
    deps.admission.counted(ask);
    return {
      module,
      choice,
      search,
      conversation: stored.conversation,
      question: stored.question,
      answer: stored.answer,
      newQuestion: false,
      newConversation: false,
      title: stored.titled ? stored.conversation.title : undefined,
      history: stored.history,
      claimed: false,
    };
  }
  throw new AppError(ErrorCode.rateLimited, ErrorMessage.rateLimited);
}
