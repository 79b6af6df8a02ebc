import { chatModel, ErrorCode, httpStatusOf, validationMessage, type ChatModule } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import { LlmError, type LlmGateway } from '../../services/llm';
import { quotaExhausted, type UsageService } from '../../services/usage';
import type { AdmittedAsk, AskInput } from './ask-types';
import { searchOptionsOf } from './prompts';
import { QuotaHints } from './quota-hints';

function asAppError(error: unknown): unknown {
  if (!(error instanceof LlmError)) return error;
  return new AppError(error.code, error.message, httpStatusOf[error.code]);
}

/**
 * Whether an ask may go to the database: its checks, each run once (the model call trusts them),
 * and the quota it is counted against. The count itself is the statement's, under the user's lock
 * (portal_chat_admit); what it answered is learnt here, so that the next question may start its
 * model call early (quota-hints.ts).
 */
export class AskAdmission {
  private readonly hints = new QuotaHints();

  constructor(private readonly deps: { llm: LlmGateway; usage: UsageService }) {}

  /**
   * The model choice, the question's limits (a regenerated answer's question is checked once it is
   * known: regenerate.ts), the search options and the model's path; then the quota in force.
   */
  async admit({ userId, module, api, body }: AskInput): Promise<AdmittedAsk> {
    let choice;
    try {
      choice = this.deps.llm.validateModelChoice(module, body);
    } catch (error) {
      throw asAppError(error);
    }
    if (!body.regenerate) this.checkPrompt(body.prompt);
    const search = searchOptionsOf(module, body);
    // Each model answers on its own path (ERNIE on /api/ernie, GLM on /api/zhipu…).
    const model = chatModel(module, choice.modelType);
    if (model && model.api !== api) {
      throw new AppError(ErrorCode.validation, validationMessage('model_type', `该模型的提问接口为 /api/${model.api}`));
    }
    const quota = await this.deps.usage.effective(userId, module);
    return { userId, module, choice, search, quota };
  }

  /** A question within the prompt limits (the only check of it: the model call trusts it). */
  checkPrompt(prompt: string): void {
    try {
      this.deps.llm.checkPrompt(prompt);
    } catch (error) {
      throw asAppError(error);
    }
  }

  /**
   * Whether a new question's model call may start before the statement that counts it: only
   * when the quota is unlimited or known to have room (a refused question must not reach the
   * provider). It then counts as used here until the statement's count comes back.
   */
  startsEarly({ userId, module, quota }: AdmittedAsk): boolean {
    return this.hints.startsEarly(userId, module, quota.limit, quota.window.start);
  }

  /** The statement counted the ask, and answered the window's asks used when it counted them. */
  counted({ userId, module, quota }: AdmittedAsk, used?: number): void {
    if (used === undefined) this.forget(userId, module);
    else this.hints.learn(userId, module, quota.window.start, used);
  }

  /** The statement found the quota used up: 4030, with the seconds until the window ends. */
  refused({ userId, module, quota }: AdmittedAsk): AppError {
    this.hints.learn(userId, module, quota.window.start, quota.limit ?? 0);
    return quotaExhausted(quota.window);
  }

  /** Nothing is known of the ask's count (it failed, or counted without answering the count). */
  forget(userId: number, module: ChatModule): void {
    this.hints.forget(userId, module);
  }
}
