import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  destroy,
  flush,
  init,
  isReady,
  setUserId,
  track,
  trackApi,
  trackAppOpen,
  trackRoute,
  type InitOptions,
} from '../src';
import { baseOptions, createFakeFetch, FakeLifecycle, settle, startSdk } from './helpers';

let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  vi.useFakeTimers();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const logged = () => errors.mock.calls.map((args) => String(args[0]));

describe('init validation', () => {
  it('logs a missing url/env and records nothing', async () => {
    const fake = createFakeFetch();
    const options = baseOptions(fake, new FakeLifecycle(), { env: undefined });
    expect(init(options)).toBe(false);
    expect(isReady()).toBe(false);
    expect(logged()).toEqual(['[bfa] init 失败：缺少 url 或 env']);
    await settle(60_000);
    expect(fake.fetch).not.toHaveBeenCalled();
  });

  it('logs a missing appKey', () => {
    const fake = createFakeFetch();
    expect(init(baseOptions(fake, new FakeLifecycle(), { appKey: '  ' }))).toBe(false);
    expect(logged()).toEqual(['[bfa] init 失败：缺少 appKey']);
  });

  it('logs every problem at once, including an unknown env and type', () => {
    const fake = createFakeFetch();
    const options = {
      ...baseOptions(fake, new FakeLifecycle()),
      env: 'prod',
      type: 'app',
      appKey: undefined,
    } as unknown as InitOptions;
    expect(init(options)).toBe(false);
    expect(logged()).toEqual([
      '[bfa] init 失败：env 只能是 offline、test 或 online，收到 prod',
      '[bfa] init 失败：缺少 appKey',
      '[bfa] init 失败：type 只能是 web 或 h5，收到 app',
    ]);
  });

  it('survives init without any options', () => {
    expect(init(undefined as unknown as InitOptions)).toBe(false);
    expect(logged()).toContain('[bfa] init 失败：缺少 url 或 env');
  });

  it('logs every call made before init', () => {
    track('x');
    trackRoute('/home', 'home');
    setUserId('u1');
    trackApi({ durationMs: 1, httpStatus: 200, path: '/api/x' });
    trackAppOpen('red');
    flush();
    expect(logged()).toEqual(Array(6).fill('[bfa] 请先调用 init'));
  });

  it('logs calls after destroy as not ready', () => {
    startSdk();
    destroy();
    track('x');
    expect(logged()).toEqual(['[bfa] 请先调用 init']);
  });

  it('ignores a second init and says so', () => {
    startSdk();
    const second = startSdk();
    expect(second.ok).toBe(true);
    expect(logged()).toEqual(['[bfa] 已经初始化，忽略重复的 init；如需重新初始化请先调用 destroy']);
  });
});

describe('endpoint', () => {
  it('maps env to the collector', async () => {
    const { fake } = startSdk({ env: 'online' });
    await settle(1000);
    expect(fake.calls[0]!.url).toBe('/api/analytics/collect');
    expect(fake.calls[0]!.events[0]!.env).toBe('online');
  });

  it('lets url win over env and defaults env to online', async () => {
    const { fake } = startSdk({ url: 'https://bfa.example.com/collect', env: undefined });
    await settle(1000);
    expect(fake.calls[0]!.url).toBe('https://bfa.example.com/collect');
    expect(fake.calls[0]!.init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(fake.calls[0]!.events[0]!.env).toBe('online');
  });

  it('never throws into the page when fetch itself throws', async () => {
    const fake = createFakeFetch();
    const throwing = vi.fn(() => {
      throw new TypeError('blocked');
    });
    init({ ...baseOptions(fake, new FakeLifecycle()), fetch: throwing });
    expect(() => track('x')).not.toThrow();
    await expect(settle(120_000)).resolves.not.toThrow();
    expect(throwing).toHaveBeenCalled();
  });
});
