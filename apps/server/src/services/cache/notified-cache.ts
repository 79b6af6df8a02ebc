import type { ChangeFeed } from '../../db/change-feed';
import { onLocalChange } from './local-changes';

/** The payload that drops every entry of a channel's caches. */
export const ALL_KEYS = 'all';

/**
 * Per-process cache of database reads, kept exact by invalidation rather than by expiry: the
 * database's triggers NOTIFY every replica of each change on the cache's channel (the payload names
 * the changed key, or `all`), and this process's own writes announce themselves at once
 * (local-changes.ts). While the listening connection is down nothing is served from the cache.
 * A read that raced a change (it started before the change was heard) answers its own caller but
 * is not kept.
 */
export class NotifiedCache<T> {
  private readonly entries = new Map<string, T>();
  /** Moves on every change heard; a read is kept only if no change was heard while it ran. */
  private epoch = 0;
  private live = false;
  private stopFeed: (() => Promise<void>) | undefined;
  private readonly stopLocal: () => void;

  constructor(
    private readonly channel: string,
    private readonly maxEntries = 10_000,
  ) {
    this.stopLocal = onLocalChange(channel, (key) => this.forget(key));
  }

  /** Starts serving from the cache once the database's notifications are being heard. */
  async start(changes: ChangeFeed): Promise<void> {
    this.stopFeed = await changes.listen(this.channel, {
      onMessage: (key) => this.forget(key),
      onLost: () => {
        this.live = false;
        this.forget(ALL_KEYS);
      },
      onResumed: () => {
        this.forget(ALL_KEYS);
        this.live = true;
      },
    });
    this.live = true;
  }

  async stop(): Promise<void> {
    this.live = false;
    this.stopLocal();
    await this.stopFeed?.();
    this.entries.clear();
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.live) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const epoch = this.epoch;
    const value = await load();
    if (value !== undefined && this.live && epoch === this.epoch) {
      this.entries.set(key, value);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return value;
  }

  private forget(key: string): void {
    this.epoch++;
    if (key === ALL_KEYS) this.entries.clear();
    else this.entries.delete(key);
  }
}
