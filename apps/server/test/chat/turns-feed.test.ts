import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandlers } from '../../src/db/change-feed';
import { RecentTurns } from '../../src/modules/chat/recent-turns';
import { followOtherReplicas, TURNS_CHANNEL } from '../../src/modules/chat/turns-feed';

/** A change feed driven by the test: what the listener was given, and whether it still listens. */
function fakeFeed() {
  const feed = { handlers: undefined as ChangeHandlers | undefined, channel: '', stopped: false };
  const changes: ChangeFeed = {
    listen: async (channel, handlers) => {
      feed.channel = channel;
      feed.handlers = handlers;
      return async () => void (feed.stopped = true);
    },
  };
  return { feed, changes };
}

/** Conversation `convId` of user `userId` (chatgpt), asked and answered here. */
function kept(recent: RecentTurns, userId: number, convId: string): void {
  recent.asked(userId, 'chatgpt', convId, { role: 'user', content: '问' }, `${convId}-a`, undefined);
  recent.answered(userId, 'chatgpt', convId, `${convId}-a`, '答');
}

describe('following the other replicas’ asks', () => {
  it('forgets a conversation another process asked in, or whose rows were deleted, and ignores its own asks', async () => {
    const recent = new RecentTurns(200);
    const { feed, changes } = fakeFeed();
    await followOtherReplicas(recent, changes, 'me:1:x');
    expect(feed.channel).toBe(TURNS_CHANNEL);
    for (const [userId, convId] of [
      [1, 'c1'],
      [2, 'c2'],
      [3, 'c3'],
    ] as const)
      kept(recent, userId, convId);

    feed.handlers!.onMessage('me:1:x c1');
    feed.handlers!.onMessage('other:2:y c2');
    feed.handlers!.onMessage(' c3');
    expect(recent.before(1, 'chatgpt', 'c1')).toHaveLength(2);
    expect(recent.before(2, 'chatgpt', 'c2')).toBeUndefined();
    expect(recent.before(3, 'chatgpt', 'c3')).toBeUndefined();
  });

  it('trusts nothing kept while notifications may be missed, and starts over when they are heard again', async () => {
    const recent = new RecentTurns(200);
    const { feed, changes } = fakeFeed();
    expect(recent.trusted).toBe(false);
    const stop = await followOtherReplicas(recent, changes, 'me:1:x');
    expect(recent.trusted).toBe(true);
    kept(recent, 1, 'c1');

    feed.handlers!.onLost();
    expect(recent.trusted).toBe(false);
    expect(recent.before(1, 'chatgpt', 'c1')).toBeUndefined();
    // Kept meanwhile, while a change elsewhere could go unheard: dropped when listening resumes.
    kept(recent, 1, 'c2');
    feed.handlers!.onResumed();
    expect(recent.trusted).toBe(true);
    expect(recent.before(1, 'chatgpt', 'c2')).toBeUndefined();

    await stop();
    expect(feed.stopped).toBe(true);
    expect(recent.trusted).toBe(false);
  });
});
