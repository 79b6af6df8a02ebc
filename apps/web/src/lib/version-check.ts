/** Local-storage key of the version the page was loaded with (section 3). */
export const VERSION_STORAGE_KEY = '__version__';
export const VERSION_QUERY_KEY = '__version__';

export const VersionWarning = {
  reloaded: '检测到版本差异，页面已自动刷新',
  conflict: '本地版本与当前版本不一致，可能存在版本冲突',
} as const;

export interface VersionCheckOptions {
  /** The deployed version, or undefined when it could not be loaded. */
  loadVersion: () => Promise<string | undefined>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The current address, to add the version query to. */
  location: () => string;
  /** Full page load of the given address. */
  reload: (href: string) => void;
  warn?: (message: string) => void;
}

export interface VersionChecker {
  /**
   * Before the first render; true when a reload has been started. `initialHref` is the address the
   * page was loaded with, for callers that clean the reload marker off the address bar before the
   * check has finished.
   */
  firstLoad(initialHref?: string): Promise<boolean>;
  /** After a route change or an error; true when a reload has been started. */
  recheck(): Promise<boolean>;
}

export function withVersionQuery(href: string, version: string): string {
  const url = new URL(href);
  url.searchParams.set(VERSION_QUERY_KEY, version);
  return url.toString();
}

/** The address without the reload marker, so it does not travel on into `from` targets or bookmarks. */
export function withoutVersionQuery(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(VERSION_QUERY_KEY);
  return url.toString();
}

export function createVersionChecker(options: VersionCheckOptions): VersionChecker {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let pending: Promise<boolean> | undefined;
  let reloading = false;

  const read = () => {
    try {
      return options.storage.getItem(VERSION_STORAGE_KEY);
    } catch {
      return null;
    }
  };
  const write = (version: string) => {
    try {
      options.storage.setItem(VERSION_STORAGE_KEY, version);
    } catch {
      /* storage full or denied: the query parameter still stops a reload loop */
    }
  };

  const reloadWith = (version: string) => {
    reloading = true;
    options.reload(withVersionQuery(options.location(), version));
  };

  async function firstLoad(initialHref = options.location()): Promise<boolean> {
    const remote = await options.loadVersion();
    const local = read();
    if (!remote || remote === local) return false;
    if (local === null) {
      // A first-ever visit: whatever was just loaded came from the server now, so nothing stale
      // can be in the page; remember the version instead of downloading everything again.
      write(remote);
      return false;
    }
    if (new URL(initialHref).searchParams.get(VERSION_QUERY_KEY) === remote) {
      // Already reloaded for this version and the store still disagrees.
      warn(VersionWarning.conflict);
      write(remote);
      return false;
    }
    write(remote);
    reloadWith(remote);
    return true;
  }

  async function check(): Promise<boolean> {
    if (reloading) return true;
    const remote = await options.loadVersion();
    const local = read();
    if (!remote || remote === local) return false;
    if (!local) {
      warn(VersionWarning.conflict);
      write(remote);
      return false;
    }
    write(remote);
    warn(VersionWarning.reloaded);
    reloadWith(remote);
    return true;
  }

  return {
    firstLoad,
    recheck() {
      pending ??= check().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}

declare global {
  interface Window {
    __PORTAL_VERSION__?: string;
  }
}

/** Loads `version.js` through a script element (CSP `script-src 'self'`) and reads its global. */
export function loadVersionScript(src: string, doc: Document = document): Promise<string | undefined> {
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.src = `${src}${src.includes('?') ? '&' : '?'}t=${Math.random().toString(36).slice(2)}`;
    script.async = true;
    const finish = () => {
      script.remove();
      const version = doc.defaultView?.__PORTAL_VERSION__;
      resolve(typeof version === 'string' && version ? version : undefined);
    };
    script.onload = finish;
    script.onerror = () => {
      script.remove();
      resolve(undefined);
    };
    doc.head.appendChild(script);
  });
}
