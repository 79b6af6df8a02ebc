import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandlers } from '../../src/db/change-feed';
import { announceLocalChange } from '../../src/services/cache/local-changes';
import { NotifiedCache } from '../../src/services/cache/notified-cache';

/** A feed whose notifications and connection losses the test sends by hand. */
function manualFeed() {
  let handlers: ChangeHandlers | undefined;
  const feed: ChangeFeed = {
    listen: async (_channel, h) => {
      handlers = h;
      return async () => undefined;
    },
  };
  return {
    feed,
    send: (payload: string) => handlers!.onMessage(payload),
    lose: () => handlers!.onLost(),
    resume: () => handlers!.onResumed(),
  };
}

/** A loader that counts its reads and answers the current value. */
function counter() {
  const state = { reads: 0, value: 'v1' };
  return { state, load: async () => (state.reads++, state.value) };
}

describe('NotifiedCache', () => {
  it('serves nothing from memory before it hears the database, then one read per change', async () => {
    const cache = new NotifiedCache<string>('test_a');
    const { feed, send } = manualFeed();
    const { state, load } = counter();
    await cache.get('1', load);
    await cache.get('1', load);
    expect(state.reads).toBe(2);

    await cache.start(feed);
    await cache.get('1', load);
    await cache.get('1', load);
    expect(state.reads).toBe(3);

    state.value = 'v2';
    send('2'); // another key: this entry stays
    expect(await cache.get('1', load)).toBe('v1');
    send('1');
    expect(await cache.get('1', load)).toBe('v2');
    send('all');
    await cache.get('1', load);
    expect(state.reads).toBe(5);
    await cache.stop();
  });

  it('reads the database while the listening connection is down', async () => {
    const cache = new NotifiedCache<string>('test_b');
    const { feed, lose, resume } = manualFeed();
    const { state, load } = counter();
    await cache.start(feed);
    await cache.get('1', load);
    lose();
    await cache.get('1', load);
    await cache.get('1', load);
    expect(state.reads).toBe(3);
    resume();
    await cache.get('1', load);
    await cache.get('1', load);
    expect(state.reads).toBe(4);
    await cache.stop();
  });

  it('does not keep a read that a change overtook, and hears changes announced in process', async () => {
    const cache = new NotifiedCache<string>('test_c');
    const { feed, send } = manualFeed();
    await cache.start(feed);
    let release!: () => void;
    const slow = cache.get('1', () => new Promise<string>((r) => (release = () => r('stale'))));
    send('1'); // the row changed while the read was under way
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('1', async () => 'fresh')).toBe('fresh');

    announceLocalChange('test_c', '1');
    expect(await cache.get('1', async () => 'after local change')).toBe('after local change');
    announceLocalChange('another_channel', '1');
    expect(await cache.get('1', async () => 'not read')).toBe('after local change');
    await cache.stop();
  });
});
