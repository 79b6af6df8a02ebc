/**
 * Notifications from the database (LISTEN/NOTIFY), the same on both engines: PostgreSQL delivers
 * them to every replica's listening connection at commit; PGlite, the only process on its data
 * folder, delivers them in process.
 */
export interface ChangeFeed {
  /**
   * Calls `onMessage` for each notification on `channel` from the moment the returned promise
   * resolves. `onLost` is called when delivery may have stopped or skipped messages (the listening
   * connection broke); listening resumes by itself when the connection comes back, after which
   * `onResumed` is called. The returned function stops listening.
   */
  listen(channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>>;
}

export interface ChangeHandlers {
  onMessage(payload: string): void;
  onLost(): void;
  onResumed(): void;
}
