import type { ChatModule } from '@portal/contract';

export type StopReason = 'client' | 'shutdown';

interface InFlight {
  module: ChatModule;
  stop(reason: StopReason): void;
  done: Promise<void>;
}

/**
 * The answers this process is streaming right now: per-request state, so the server can stop and
 * save them when it shuts down. Nothing here is needed by another replica.
 */
export class StreamRegistry {
  private readonly active = new Map<string, InFlight>();

  get size(): number {
    return this.active.size;
  }

  add(messageId: string, entry: InFlight): void {
    this.active.set(messageId, entry);
    void entry.done.finally(() => this.active.delete(messageId));
  }

  /** Stops every stream (of one module) and waits until each has saved what it had. */
  async stopAll(module?: ChatModule): Promise<void> {
    const stopping = [...this.active.values()].filter((s) => !module || s.module === module);
    for (const s of stopping) s.stop('shutdown');
    await Promise.allSettled(stopping.map((s) => s.done));
  }
}
