import { ErrorMessage, type AppListEntry } from '@portal/contract';

export type OpenableApp = Pick<AppListEntry, 'app_key' | 'app_url' | 'be_authorized'>;

export type OpenAction =
  | { kind: 'landing'; to: string }
  | { kind: 'window'; url: string }
  | { kind: 'external'; url: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'assign'; url: string }
  | { kind: 'invalid'; message: string };

/** The app that is opened straight away, without a one-time code (section 2). */
export const DIRECT_WINDOW_APP_KEY = 'mscopilot';
export const ONE_TIME_CODE_PARAM = 'blueaicode';

export function landingPath(appKey: string, from: string): string {
  return `/landing?appKey=${encodeURIComponent(appKey)}&from=${encodeURIComponent(from)}`;
}

function httpUrl(address: string): string | undefined {
  if (!/^https?:\/\//i.test(address)) return undefined;
  try {
    return new URL(address).toString();
  } catch {
    return undefined;
  }
}

const isInternal = (address: string) => address.startsWith('/') && !address.startsWith('//');

/** Decides what opening a catalogue entry does; the rules of "Opening an app". */
export function resolveOpenApp(app: OpenableApp, isKnownRoute: (path: string) => boolean): OpenAction {
  const address = app.app_url.trim();
  if (!app.be_authorized) return { kind: 'landing', to: landingPath(app.app_key, address) };
  const external = httpUrl(address);
  if (app.app_key === DIRECT_WINDOW_APP_KEY) {
    return external ? { kind: 'window', url: external } : { kind: 'invalid', message: ErrorMessage.invalidOpenLink };
  }
  if (external) return { kind: 'external', url: external };
  if (isInternal(address))
    return isKnownRoute(address) ? { kind: 'navigate', to: address } : { kind: 'assign', url: address };
  return { kind: 'invalid', message: ErrorMessage.invalidOpenLink };
}

/** Adds (or replaces) one query parameter, keeping the rest of the query and the hash. */
export function withQueryParam(href: string, key: string, value: string): string {
  const url = new URL(href);
  url.searchParams.set(key, value);
  return url.toString();
}

/** A tab opened before an await, so popup blockers still see the user's click. */
export interface PendingWindow {
  go(url: string): void;
  close(): void;
}

export interface OpenAppDeps {
  isKnownRoute(path: string): boolean;
  getTokenKey(appKey: string): Promise<string>;
  navigate(to: string): void;
  assign(url: string): void;
  openWindow(url: string): void;
  prepareWindow(): PendingWindow;
  track(appKey: string): void;
  showError(message: string): void;
}

export async function openApp(app: OpenableApp, deps: OpenAppDeps): Promise<OpenAction> {
  const action = resolveOpenApp(app, deps.isKnownRoute);
  switch (action.kind) {
    case 'landing':
      deps.navigate(action.to);
      return action;
    case 'invalid':
      deps.showError(action.message);
      return action;
    case 'window':
      deps.track(app.app_key);
      deps.openWindow(action.url);
      return action;
    case 'navigate':
      deps.track(app.app_key);
      deps.navigate(action.to);
      return action;
    case 'assign':
      deps.track(app.app_key);
      deps.assign(action.url);
      return action;
    case 'external': {
      deps.track(app.app_key);
      const tab = deps.prepareWindow();
      try {
        const token = await deps.getTokenKey(app.app_key);
        const url = withQueryParam(action.url, ONE_TIME_CODE_PARAM, token);
        tab.go(url);
        return { kind: 'external', url };
      } catch (error) {
        tab.close();
        throw error;
      }
    }
  }
}

/** Browser tab: opened blank on the click, pointed at the address once the code is there. */
export function browserPendingWindow(win: Window = window): PendingWindow {
  const tab = win.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else win.open(url, '_blank', 'noopener');
    },
    close() {
      tab?.close();
    },
  };
}
