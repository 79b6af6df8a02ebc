import type { ChangeFeed } from '../../db/change-feed';
import type { RecentTurns } from './recent-turns';

/**
 * Notified by each ask in an existing conversation, `<process> <conversation>` (a streamed one by
 * migration 0009's function, an asynchronous one by its statement: ask-statement.ts), and when rows
 * of a conversation are deleted, ` <conversation>` (migration 0009).
 */
export const TURNS_CHANNEL = 'portal_chat_turns';

/**
 * Keeps this replica's recent turns (recent-turns.ts) from going stale: a conversation another
 * process asked in is forgotten here, and while the notifications may be missed (the listening
 * connection broke) nothing kept is trusted and everything kept is dropped. `me` is this process's
 * name in the notifications (its generation lease owner): its own asks are followed already.
 * Resolves with the function that stops listening.
 */
export async function followOtherReplicas(
  recentTurns: RecentTurns,
  changes: ChangeFeed,
  me: string,
): Promise<() => Promise<void>> {
  const stop = await changes.listen(TURNS_CHANNEL, {
    onMessage: (payload) => {
      const space = payload.indexOf(' ');
      if (space < 0 || payload.slice(0, space) === me) return;
      recentTurns.forgetConversation(payload.slice(space + 1));
    },
    onLost: () => {
      recentTurns.trusted = false;
      recentTurns.forgetAll();
    },
    onResumed: () => {
      recentTurns.forgetAll();
      recentTurns.trusted = true;
    },
  });
  recentTurns.trusted = true;
  return async () => {
    recentTurns.trusted = false;
    await stop();
  };
}
