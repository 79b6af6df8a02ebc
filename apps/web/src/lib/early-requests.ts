/**
 * The requests `src/boot/first-requests.ts` starts from index.html's head, before the app's
 * modules have loaded, and how the app takes them over. Each one is taken at most once, by the
 * call that would otherwise have made the same request; anything not taken (another page, a
 * changed token, a second call) goes to the network as before.
 */

/** One API GET started early: its reply and what the HTTP client would have sent with it. */
export interface EarlyApiRequest {
  url: string;
  authorization: string;
  requestId: string;
  /** performance.now() when it was sent, for the analytics duration. */
  startedAt: number;
  /** null when the request failed: the caller asks again itself. */
  response: Promise<Response | null>;
}

export interface EarlyRequests {
  config?: Promise<Response | null>;
  /** The deployed version read from `version.js`, undefined when it could not be loaded. */
  version?: Promise<string | undefined>;
  api: EarlyApiRequest[];
}

declare global {
  interface Window {
    __portalEarlyRequests?: EarlyRequests;
  }
}

/** How long an early reply stays usable: after that, data asked for again should be fresh. */
export const EARLY_REQUEST_TTL_MS = 15_000;

const early = (): EarlyRequests | undefined =>
  typeof window === 'undefined' ? undefined : window.__portalEarlyRequests;

/** The early `/app-config.json` reply, once. */
export function takeEarlyConfig(): Promise<Response | null> | undefined {
  const requests = early();
  const config = requests?.config;
  if (requests) requests.config = undefined;
  return config;
}

/** `fetch` for `/app-config.json` that takes the early reply when there is one (once). */
export const fetchConfigEarly: typeof fetch = (input, init) => {
  const config = takeEarlyConfig();
  return config ? config.then((response) => response ?? fetch(input, init)) : fetch(input, init);
};

/** The early read of `version.js`, once. */
export function takeEarlyVersion(): Promise<string | undefined> | undefined {
  const requests = early();
  const version = requests?.version;
  if (requests) requests.version = undefined;
  return version;
}

/**
 * The early GET of exactly this address sent with this Authorization header, once, while still
 * fresh. A token refreshed in between means the early reply may be for another session: not taken.
 */
export function takeEarlyApi(url: string, authorization: string, now = performance.now()): EarlyApiRequest | undefined {
  const requests = early();
  if (!requests) return undefined;
  const index = requests.api.findIndex((r) => r.url === url && r.authorization === authorization);
  if (index < 0) return undefined;
  const [taken] = requests.api.splice(index, 1);
  return taken && now - taken.startedAt <= EARLY_REQUEST_TTL_MS ? taken : undefined;
}
