import type { ChatModule } from '@portal/contract';

/** How many users' hints one process keeps; past that it starts over (hints are only a shortcut). */
const MAX_HINTS = 10_000;

/**
 * What this process last learnt of a user's quota in a module: how many asks of the window were
 * used after their last streamed question here. It decides one thing only, whether a new
 * question's model call may start while the statement that checks the quota runs
 * (EarlyGeneration): a question the quota refuses must not reach the provider, so a call starts
 * early only when the quota is unlimited or known to have room. The statement still decides. A
 * hint made stale by another replica, an asynchronous ask or a lowered limit costs at most one
 * model call, cancelled as soon as the statement refuses.
 */
export class QuotaHints {
  private readonly used = new Map<string, { since: number; used: number }>();

  private static key(userId: number, module: ChatModule): string {
    return `${userId}:${module}`;
  }

  /**
   * Whether a question may start its call before the statement, counting it at once when it may:
   * of a burst of questions against the last use, only one starts early. The statement's count
   * (`learn`) replaces the guess.
   */
  startsEarly(userId: number, module: ChatModule, limit: number | null, since: Date): boolean {
    if (limit === null) return true;
    const hint = this.used.get(QuotaHints.key(userId, module));
    if (hint === undefined || hint.since !== since.getTime() || hint.used >= limit) return false;
    hint.used += 1;
    return true;
  }

  learn(userId: number, module: ChatModule, since: Date, used: number): void {
    if (this.used.size >= MAX_HINTS) this.used.clear();
    this.used.set(QuotaHints.key(userId, module), { since: since.getTime(), used });
  }

  /** An ask counted where no count came back: the hint would under-count. */
  forget(userId: number, module: ChatModule): void {
    this.used.delete(QuotaHints.key(userId, module));
  }
}
