import { randomUUID } from 'node:crypto';

/** Opaque public ids for conversations, messages and collections; unguessable so probing finds nothing. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
