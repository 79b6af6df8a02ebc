/**
 * A bounded map of values that never go stale because their key carries every version they
 * depend on. Concurrent misses for one key share one load; a failed load is not kept. When full,
 * the least recently used entry goes.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert so that Map order is recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }
}
