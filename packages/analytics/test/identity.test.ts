import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroy, flush, track, type StorageLike } from '../src';
import { settle, startSdk } from './helpers';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/home');
});

afterEach(() => {
  destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function firstEvent(fake: ReturnType<typeof startSdk>['fake']) {
  flush();
  await settle();
  return fake.events()[0]!;
}

describe('anonymous and tab ids', () => {
  it('keeps the anonymous id across init calls and page loads', async () => {
    const first = startSdk();
    const a = await firstEvent(first.fake);
    destroy();
    sessionStorage.clear();
    const second = startSdk();
    const b = await firstEvent(second.fake);
    expect(b.anonymous_id).toBe(a.anonymous_id);
    expect(b.tab_id).not.toBe(a.tab_id);
  });

  it('keeps the tab id for the tab and renews both when storage is wiped', async () => {
    const a = await firstEvent(startSdk().fake);
    destroy();
    const b = await firstEvent(startSdk().fake);
    expect(b.tab_id).toBe(a.tab_id);
    destroy();
    localStorage.clear();
    sessionStorage.clear();
    const c = await firstEvent(startSdk().fake);
    expect(c.anonymous_id).not.toBe(a.anonymous_id);
    expect(c.tab_id).not.toBe(a.tab_id);
  });

  it('replaces a tampered stored id', async () => {
    localStorage.setItem('bfa_anonymous_id', '<script>');
    const event = await firstEvent(startSdk().fake);
    expect(event.anonymous_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('bfa_anonymous_id')).toBe(event.anonymous_id);
  });

  it('uses injected storages and still works when they throw', async () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const { fake } = startSdk({ storage: { local: broken, session: broken } });
    track('still-works');
    flush();
    await settle();
    expect(fake.events().map((e) => e.type)).toEqual([100, 0]);
    expect(localStorage.getItem('bfa_anonymous_id')).toBeNull();
  });
});

describe('bfa_suid', () => {
  it('is read from the query and kept for the tab after the URL changes', async () => {
    history.replaceState(null, '', '/home?bfa_suid=inv-2026&x=1');
    const { fake } = startSdk();
    history.replaceState(null, '', '/home');
    track('later');
    flush();
    await settle();
    expect(fake.events().map((e) => e.suid)).toEqual(['inv-2026', 'inv-2026']);
    destroy();
    const reloaded = await firstEvent(startSdk().fake);
    expect(reloaded.suid).toBe('inv-2026');
  });

  it('is null without the query parameter', async () => {
    expect((await firstEvent(startSdk().fake)).suid).toBeNull();
  });
});
