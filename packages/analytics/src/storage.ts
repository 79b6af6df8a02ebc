/** The two Storage methods the SDK needs; anything with them can stand in (tests, hybrid shells). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function createMemoryStorage(): StorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

/** Private mode and sandboxed frames throw on storage access; analytics must keep working there. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    const storage = window[kind];
    const probe = '__bfa_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

export function readItem(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // A full or blocked storage only costs persistence, never the event itself.
  }
}
