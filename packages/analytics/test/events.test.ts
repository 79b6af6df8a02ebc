import { analyticsConstants, analyticsEventTypes as T, type AnalyticsEvent } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroy, flush, setAppKey, setUserId, track, trackApi, trackAppOpen, trackError, trackRoute } from '../src';
import { FakeLifecycle, ofType, settle, startSdk } from './helpers';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/chatgpt/welcome');
});

afterEach(() => {
  destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function sent(fake: ReturnType<typeof startSdk>['fake']): Promise<AnalyticsEvent[]> {
  flush();
  await settle();
  return fake.events();
}

describe('common fields', () => {
  it('sends 100 init with every field of the contract', async () => {
    const { fake } = startSdk({ type: 'h5', appName: 'AI 门户' });
    const [event] = await sent(fake);
    expect(event).toMatchObject({
      type: 100,
      detail: {},
      ts: NOW,
      page_url: 'http://localhost:3000/chatgpt/welcome',
      referrer: '',
      app_key: 'portal',
      app_name: 'AI 门户',
      user_id: null,
      suid: null,
      channel: 'h5',
      env: 'test',
      app_version: analyticsConstants.appVersion,
      schema_version: analyticsConstants.schemaVersion,
      screen: { width: expect.any(Number), height: expect.any(Number) },
      scroll: { width: expect.any(Number), height: expect.any(Number) },
    });
    expect(event!.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event!.anonymous_id).toBe(localStorage.getItem('bfa_anonymous_id'));
    expect(event!.tab_id).toBe(sessionStorage.getItem('bfa_tab_id'));
    expect(event!.cycle_id).toBeTruthy();
  });

  it('gives every event its own id and keeps the channel override', async () => {
    const { fake } = startSdk({ type: 'web', channel: 'h5' });
    track('a');
    track('b');
    const events = await sent(fake);
    expect(new Set(events.map((e) => e.event_id)).size).toBe(3);
    expect(events.every((e) => e.channel === 'h5')).toBe(true);
  });
});

describe('page lifecycle events', () => {
  it('sends 102 with the visible stay and 101 when the page comes back', async () => {
    const { fake, lifecycle } = startSdk();
    await vi.advanceTimersByTimeAsync(5_000);
    lifecycle.go('passive', 'hidden');
    await vi.advanceTimersByTimeAsync(30_000);
    lifecycle.go('passive', 'active');
    await vi.advanceTimersByTimeAsync(2_000);
    lifecycle.go('passive', 'hidden');
    const events = await sent(fake);
    expect(ofType(events, T.hidden).map((e) => e.detail)).toEqual([{ stay_ms: 5_000 }, { stay_ms: 2_000 }]);
    expect(ofType(events, T.active)).toHaveLength(1);
    expect(ofType(events, T.active)[0]!.ts).toBe(NOW + 35_000);
  });

  it('does not treat focus changes of a visible page as 101/102', async () => {
    const { fake, lifecycle } = startSdk();
    lifecycle.go('passive', 'active', 'passive');
    const events = await sent(fake);
    expect(events.map((e) => e.type)).toEqual([T.init]);
  });

  it('starts the stay clock only when a page that started hidden becomes visible', async () => {
    const hidden = new FakeLifecycle();
    hidden.state = 'hidden';
    const { fake, lifecycle } = startSdk({}, hidden);
    await vi.advanceTimersByTimeAsync(10_000);
    lifecycle.go('active');
    await vi.advanceTimersByTimeAsync(3_000);
    lifecycle.go('hidden');
    const events = await sent(fake);
    expect(ofType(events, T.hidden)[0]!.detail).toEqual({ stay_ms: 3_000 });
  });

  it('sends 103 with the whole time on the page', async () => {
    const { fake, lifecycle } = startSdk();
    await vi.advanceTimersByTimeAsync(42_000);
    lifecycle.go('passive', 'hidden', 'terminated');
    await settle();
    const [terminated] = ofType(fake.events(), T.terminated);
    expect(terminated!.detail).toEqual({ stay_ms: 42_000 });
  });
});

describe('scroll (105)', () => {
  it('reports once, 3 s after scrolling stops', async () => {
    const { fake } = startSdk();
    for (let i = 0; i < 5; i++) {
      window.dispatchEvent(new Event('scroll'));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    await vi.advanceTimersByTimeAsync(analyticsConstants.scrollDebounceMs - 1_001);
    flush();
    await settle();
    expect(ofType(fake.events(), T.scroll)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const scrolls = ofType(await sent(fake), T.scroll);
    expect(scrolls).toHaveLength(1);
    expect(scrolls[0]!.ts).toBe(NOW + 4_000 + analyticsConstants.scrollDebounceMs);
    expect(scrolls[0]!.detail).toEqual({ scroll_top: expect.any(Number), scroll_height: expect.any(Number) });
  });

  it('reports the position of a scrolled inner container', async () => {
    const { fake } = startSdk();
    const box = document.createElement('div');
    document.body.append(box);
    Object.defineProperty(box, 'scrollTop', { value: 640 });
    Object.defineProperty(box, 'scrollHeight', { value: 4000 });
    box.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(analyticsConstants.scrollDebounceMs);
    const [scroll] = ofType(await sent(fake), T.scroll);
    expect(scroll!.detail).toEqual({ scroll_top: 640, scroll_height: 4000 });
    box.remove();
  });
});

describe('app events', () => {
  it('sends 106 with from, to and route name', async () => {
    const { fake } = startSdk({ getRouteName: () => 'chatgpt' });
    trackRoute('/red/overview/insight', 'red');
    trackRoute('/red/top/hot', 'red');
    const routes = ofType(await sent(fake), T.route);
    expect(routes.map((e) => e.detail)).toEqual([
      { from: '/chatgpt/welcome', to: '/red/overview/insight', route_name: 'red' },
      { from: '/red/overview/insight', to: '/red/top/hot', route_name: 'red' },
    ]);
  });

  it('carries the app key set by a host of several apps on later events', async () => {
    const { fake } = startSdk();
    setAppKey('chatgpt');
    trackRoute('/chatgpt/session', 'chatgpt');
    setAppKey('  ');
    track('after');
    const events = await sent(fake);
    expect(events.map((e) => [e.type, e.app_key])).toEqual([
      [T.init, 'portal'],
      [T.route, 'chatgpt'],
      [T.custom, 'chatgpt'],
    ]);
  });

  it('sends 201 and carries the user id on later events', async () => {
    const { fake } = startSdk();
    setUserId('10086');
    track('after');
    setUserId(null);
    const events = await sent(fake);
    expect(events.map((e) => [e.type, e.user_id])).toEqual([
      [T.init, null],
      [T.setUserId, '10086'],
      [T.custom, '10086'],
      [T.setUserId, null],
    ]);
    expect(ofType(events, T.setUserId)[0]!.detail).toEqual({ user_id: '10086' });
  });

  it('sends 300 for window errors and unhandled rejections', async () => {
    const { fake } = startSdk();
    const error = new Error('boom');
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        error,
        filename: 'https://portal/app.js',
        lineno: 3,
        colno: 9,
      }),
    );
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new TypeError('nope') });
    window.dispatchEvent(rejection);
    const errors = ofType(await sent(fake), T.scriptError);
    expect(errors[0]!.detail).toEqual({
      message: 'Uncaught Error: boom',
      stack: error.stack,
      source: 'https://portal/app.js:3:9',
    });
    expect(errors[1]!.detail).toMatchObject({
      message: 'Unhandled rejection: nope',
      stack: expect.stringContaining('TypeError'),
    });
  });

  it('sends 300 for errors the host reports and caps a flood of them', async () => {
    const { fake } = startSdk();
    trackError('render failed', 'ErrorBoundary');
    for (let i = 0; i < 150; i++) window.dispatchEvent(new ErrorEvent('error', { message: `e${i}` }));
    const errors = ofType(await sent(fake), T.scriptError);
    expect(errors[0]!.detail).toEqual({ message: 'render failed', source: 'ErrorBoundary' });
    expect(errors).toHaveLength(100);
  });

  it('sends 200 with the API call result', async () => {
    const { fake } = startSdk();
    trackApi({
      durationMs: 182.6,
      httpStatus: 200,
      code: 1001,
      message: 'token expired',
      path: '/api/user/info',
      requestId: 'req-1',
    });
    trackApi({ durationMs: 5, httpStatus: 0, path: '/api/app/list' });
    const apis = ofType(await sent(fake), T.apiResult);
    expect(apis.map((e) => e.detail)).toEqual([
      {
        duration_ms: 183,
        http_status: 200,
        code: 1001,
        message: 'token expired',
        path: '/api/user/info',
        request_id: 'req-1',
      },
      { duration_ms: 5, http_status: 0, code: null, message: '', path: '/api/app/list', request_id: '' },
    ]);
  });

  it('sends 12 when an app is opened', async () => {
    const { fake } = startSdk();
    trackAppOpen('mscopilot');
    const [opened] = ofType(await sent(fake), T.appOpen);
    expect(opened!.detail).toEqual({ app_key: 'mscopilot' });
  });

  it('sends 0 with the key and bounded scalar params', async () => {
    const { fake } = startSdk();
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    track('click_banner', {
      id: 7,
      label: 'x'.repeat(600),
      on: true,
      none: null,
      skip: undefined,
      obj: { a: 1 },
      nan: NaN,
    });
    track('many', many);
    const [first, second] = ofType(await sent(fake), T.custom);
    expect(first!.detail).toEqual({
      key: 'click_banner',
      params: { id: 7, label: 'x'.repeat(500), on: true, none: null, obj: '{"a":1}', nan: null },
    });
    expect(Object.keys(second!.detail.params)).toHaveLength(30);
  });

  it('logs and skips a custom event without a key or an app open without an app key', async () => {
    const logs = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake } = startSdk();
    track('  ');
    trackAppOpen('');
    expect(logs.mock.calls.map((a) => a[0])).toEqual([
      '[bfa] track 失败：缺少事件 key',
      '[bfa] trackAppOpen 失败：缺少 appKey',
    ]);
    expect((await sent(fake)).map((e) => e.type)).toEqual([T.init]);
  });
});
