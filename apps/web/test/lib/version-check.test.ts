import { describe, expect, it, vi } from 'vitest';
import {
  createVersionChecker,
  loadVersionScript,
  VERSION_STORAGE_KEY,
  VersionWarning,
  withoutVersionQuery,
} from '../../src/lib/version-check';

function setup(initial: { stored?: string; remote?: string; href?: string }) {
  const store = new Map<string, string>(initial.stored ? [[VERSION_STORAGE_KEY, initial.stored]] : []);
  let remote = initial.remote;
  const loadVersion = vi.fn(async () => remote);
  const reload = vi.fn();
  const warn = vi.fn();
  const checker = createVersionChecker({
    loadVersion,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    location: () => initial.href ?? 'https://portal.test/home?tab=1#top',
    reload,
    warn,
  });
  return { checker, store, reload, warn, loadVersion, deploy: (v: string) => (remote = v) };
}

describe('first load', () => {
  it('stores a new version and reloads with the __version__ query', async () => {
    const { checker, store, reload, warn } = setup({ stored: '1.0.0-a', remote: '1.0.0-b' });
    expect(await checker.firstLoad()).toBe(true);
    expect(store.get(VERSION_STORAGE_KEY)).toBe('1.0.0-b');
    expect(reload).toHaveBeenCalledWith('https://portal.test/home?tab=1&__version__=1.0.0-b#top');
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not reload on the very first visit (nothing stored yet) and remembers the version', async () => {
    const { checker, store, reload, warn } = setup({ remote: 'v1' });
    expect(await checker.firstLoad()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(store.get(VERSION_STORAGE_KEY)).toBe('v1');
  });

  it('still reloads when a stored version differs, then later checks see the new one', async () => {
    const { checker, store, reload } = setup({ stored: 'v1', remote: 'v2' });
    expect(await checker.firstLoad()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.get(VERSION_STORAGE_KEY)).toBe('v2');
  });

  it('reads the reload marker from the address the page was loaded with', async () => {
    // The address bar was cleaned already; the original address still stops a reload loop.
    const { checker, reload, warn } = setup({ stored: 'v1', remote: 'v2' });
    expect(await checker.firstLoad('https://portal.test/home?__version__=v2')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(VersionWarning.conflict);
  });

  it('does nothing when the versions match', async () => {
    const { checker, reload } = setup({ stored: 'v1', remote: 'v1' });
    expect(await checker.firstLoad()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when the version script cannot be loaded', async () => {
    const { checker, reload } = setup({ stored: 'v1' });
    expect(await checker.firstLoad()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not loop when the page was already reloaded for this version but storage disagrees', async () => {
    const { checker, reload, warn } = setup({
      stored: 'v1',
      remote: 'v2',
      href: 'https://portal.test/home?__version__=v2',
    });
    expect(await checker.firstLoad()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(VersionWarning.conflict);
  });
});

describe('re-check on route change and errors', () => {
  it('reloads with a warning when a new version was deployed', async () => {
    const { checker, store, reload, warn, deploy } = setup({ stored: 'v1', remote: 'v1' });
    expect(await checker.firstLoad()).toBe(false);
    deploy('v2');
    expect(await checker.recheck()).toBe(true);
    expect(warn).toHaveBeenCalledWith('检测到版本差异，页面已自动刷新');
    expect(store.get(VERSION_STORAGE_KEY)).toBe('v2');
    expect(reload).toHaveBeenCalledWith('https://portal.test/home?tab=1&__version__=v2#top');
  });

  it('does not reload while the version is unchanged', async () => {
    const { checker, reload, warn } = setup({ stored: 'v1', remote: 'v1' });
    expect(await checker.recheck()).toBe(false);
    expect(await checker.recheck()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('shares one check between simultaneous triggers', async () => {
    const { checker, loadVersion, reload, deploy } = setup({ stored: 'v1', remote: 'v1' });
    deploy('v3');
    await Promise.all([checker.recheck(), checker.recheck(), checker.recheck()]);
    expect(loadVersion).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('loadVersionScript', () => {
  it('adds a script with a random query and reads the global it sets', async () => {
    const pending = loadVersionScript('/version.js');
    const script = document.head.querySelector('script[src^="/version.js?t="]') as HTMLScriptElement;
    expect(script).not.toBeNull();
    window.__PORTAL_VERSION__ = '1.6.0-abc';
    script.onload?.(new Event('load'));
    await expect(pending).resolves.toBe('1.6.0-abc');
    expect(document.head.querySelector('script[src^="/version.js"]')).toBeNull();
  });

  it('resolves undefined when the script fails', async () => {
    const pending = loadVersionScript('/version.js');
    const script = document.head.querySelector('script[src^="/version.js?t="]') as HTMLScriptElement;
    script.onerror?.(new Event('error'));
    await expect(pending).resolves.toBeUndefined();
  });
});

describe('withoutVersionQuery', () => {
  it('drops only the reload marker', () => {
    expect(withoutVersionQuery('https://portal.example/chatgpt/session?id=1&__version__=abc#x')).toBe(
      'https://portal.example/chatgpt/session?id=1#x',
    );
    expect(withoutVersionQuery('https://portal.example/home')).toBe('https://portal.example/home');
  });
});
