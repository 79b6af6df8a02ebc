/**
 * Changes to what a NotifiedCache holds, announced by the code that just committed them. The
 * database's triggers announce the same changes to every replica through NOTIFY; this in-process
 * path exists because a notification travels on another connection and may arrive after this
 * process already answered the next request. Every cache on the channel in this process hears every
 * announcement: dropping an entry another server instance (in tests) did not need to drop costs
 * one read, nothing more.
 */
type Listener = (key: string) => void;

const listeners = new Map<string, Set<Listener>>();

export function onLocalChange(channel: string, listener: Listener): () => void {
  let set = listeners.get(channel);
  if (!set) listeners.set(channel, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Call after the change is committed: a read that starts earlier must not be kept. `all` drops every entry. */
export function announceLocalChange(channel: string, key: string): void {
  for (const listener of listeners.get(channel) ?? []) listener(key);
}
