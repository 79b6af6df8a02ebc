import { byteSize } from './byte-size';

/** Browsers refuse keepalive requests once their bodies in flight exceed 64 KiB together. */
export const KEEPALIVE_BUDGET_BYTES = 64 * 1024;

/** Room kept for the final event while earlier exit flushes are still in flight; a 103 with the longest URLs fits. */
export const FINAL_EVENT_RESERVE_BYTES = 8 * 1024;

const WRAPPER_BYTES = byteSize('{"events":[]}');

export interface Chunk<T> {
  items: T[];
  body: string;
  bytes: number;
}

export const batchBody = (events: unknown[]) => JSON.stringify({ events });

/**
 * Packs items newest first into bodies that fit within `budget` bytes in total, so the final
 * events of a page always make it; what does not fit is returned for a later, ordinary send.
 */
export function packForKeepalive<T>(
  items: T[],
  serialize: (item: T) => unknown,
  budget: number,
  maxPerChunk: number,
): { chunks: Chunk<T>[]; rest: T[] } {
  const chunks: Chunk<T>[] = [];
  let left = budget;
  let current: { items: T[]; json: string[]; bytes: number } | undefined;
  let index = items.length - 1;

  const close = () => {
    if (!current) return;
    const ordered = current.items.reverse();
    const body = `{"events":[${current.json.reverse().join(',')}]}`;
    chunks.push({ items: ordered, body, bytes: current.bytes });
    left -= current.bytes;
    current = undefined;
  };

  for (; index >= 0; index--) {
    const item = items[index]!;
    const json = JSON.stringify(serialize(item));
    const size = byteSize(json);
    const added = current ? size + 1 : WRAPPER_BYTES + size;
    const full = current && (current.items.length >= maxPerChunk || current.bytes + added > left);
    if (full) close();
    const cost = current ? size + 1 : WRAPPER_BYTES + size;
    if (cost > left) break;
    current ??= { items: [], json: [], bytes: WRAPPER_BYTES };
    if (current.items.length > 0) current.bytes += 1;
    current.items.push(item);
    current.json.push(json);
    current.bytes += size;
  }
  close();
  return { chunks, rest: items.slice(0, index + 1) };
}
