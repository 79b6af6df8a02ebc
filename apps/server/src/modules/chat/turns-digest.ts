import { createHash } from 'node:crypto';
import type { ChatTurn } from '../../services/llm';

/**
 * A digest of a conversation's turns, computed exactly as the ask statement computes it over the
 * stored rows (migration 0008): SHA-256 of each turn as `role:bytes:content`, in order, where bytes
 * is the content's UTF-8 length, so that no two different histories run together into one text.
 */
export function turnsDigest(turns: readonly ChatTurn[]): string {
  const hash = createHash('sha256');
  for (const turn of turns) {
    hash.update(`${turn.role}:${Buffer.byteLength(turn.content)}:`);
    hash.update(turn.content);
  }
  return hash.digest('hex');
}
