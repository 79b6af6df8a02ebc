import { randomUUID } from 'node:crypto';

/** Opaque public ids (conversations, messages, sessions, files…): unguessable, so probing finds nothing. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
