import {
  ErrorCode,
  ErrorMessage,
  QUEUED_ERROR_POLL_MS,
  REQUEST_ID_HEADER,
  SEARCH_TOKEN_HEADER,
  TOKEN_REFRESH_CAP,
  type AccountInfo,
  type Token,
} from '@portal/contract';
import type { EarlyApiRequest } from './early-requests';
import { refreshResponseParser, userInfoResponseParser, type Parser } from './parsers';
import { joinUrl } from './join-url';
import { browserRefreshLock, type RefreshLock } from './refresh-lock';

/** Not in the server catalogue: the request never got an answer. */
export const NETWORK_ERROR_CODE = -1;
/** Identical error toasts within this window are shown once. */
export const TOAST_DEBOUNCE_MS = 1000;
/** How long a tab waits for another tab's fresh tokens to reach its storage (see refresh-lock.ts). */
export const SPENT_TOKEN_WAIT_MS = 3000;

export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly requestId: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** One finished HTTP exchange; the hook analytics event 200 is built on. */
export interface ApiResult {
  path: string;
  durationMs: number;
  httpStatus: number;
  code: number;
  message: string;
  requestId: string;
}

export interface HttpSession {
  accessToken(): string | undefined;
  refreshToken(): string | undefined;
  searchToken(): string | undefined;
  setTokens(access: Token, refresh: Token, accountInfo?: AccountInfo): void;
  setAccountInfo(accountInfo: AccountInfo): void;
  clear(): void;
}

/** Everything the client does to the page, injectable so tests can watch it. */
export interface HttpEffects {
  warning(content: string, onClose: () => void): void;
  toastError(message: string): void;
  /** A short notice that is not an error of the person's doing. */
  notice?(message: string): void;
  navigate(to: string): void;
  /** The rights were renewed quietly (no reload): the current page is checked by the guard again. */
  rightsChanged?(): void;
  reload(): void;
  /** pathname + search + hash of the page the user is on. */
  currentPath(): string;
}

export interface HttpClientOptions {
  baseUrl: () => string;
  session: HttpSession;
  effects: HttpEffects;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  requestId?: () => string;
  /** Serialises token refreshes across the tabs of this browser (Web Locks by default). */
  refreshLock?: RefreshLock;
  /**
   * A GET of this address with this Authorization already under way since the page started
   * (`src/lib/early-requests.ts`): its reply is used instead of sending the request again, and
   * handled like any other.
   */
  takeEarly?: (url: string, authorization: string) => EarlyApiRequest | undefined;
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * Sends one prepared request some other way than fetch (uploads use XMLHttpRequest for progress).
 * The client still adds the headers and handles every reply code, refresh and retry included.
 */
export type RequestTransport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}) => Promise<{ status: number; text: string }>;

export interface RequestOptions<T> {
  params?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  /**
   * Checks the reply's data. May be a promise (a schema chunk still loading): the request does not
   * wait for it, only the check does.
   */
  schema?: Parser<T> | Promise<Parser<T>>;
  signal?: AbortSignal;
  /** The caller shows failures itself: no toast for "other" codes. */
  silent?: boolean;
  /** Sends the request instead of fetch; the body is the transport's own (e.g. FormData). */
  transport?: RequestTransport;
  /**
   * On 1004 the tokens and the account are renewed without the warning and the reload: the caller
   * shows the new rights itself (the page waiting for a grant, the account sync at start-up).
   */
  quietRightsChange?: boolean;
}

export interface HttpClient {
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body' | 'params'>): Promise<T>;
  request<T = unknown>(method: 'GET' | 'POST', path: string, options?: RequestOptions<T>): Promise<T>;
  onResult(listener: (result: ApiResult) => void): () => void;
  /** Headers every request carries (section 7), for callers that use fetch directly (streams). */
  headers(): Record<string, string>;
  url(path: string, params?: RequestOptions<unknown>['params']): string;
  /**
   * Repairs the session after an auth code met outside this client (a stream answered 1001 or
   * 1004 before any event): refreshes, re-syncs rights, or ends the session, exactly as a request
   * through the client would. True when the caller may retry with the current tokens.
   */
  repairAuth(code: number): Promise<boolean>;
}

interface Reply {
  code: number;
  message: string;
  data: unknown;
  httpStatus: number;
  requestId: string;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export { joinUrl } from './join-url';

export function buildQuery(params: RequestOptions<unknown>['params']): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) search.append(key, String(v));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** A JSON envelope, or code 1099 carrying whatever string the server sent instead. */
export function parseEnvelope(text: string, httpStatus: number): Pick<Reply, 'code' | 'message' | 'data'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: ErrorCode.plainString, message: text || `请求失败（HTTP ${httpStatus}）`, data: null };
  }
  if (parsed && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'number') {
    const env = parsed as { code: number; message?: unknown; data?: unknown };
    return { code: env.code, message: typeof env.message === 'string' ? env.message : '', data: env.data ?? null };
  }
  return { code: ErrorCode.plainString, message: typeof parsed === 'string' ? parsed : text, data: null };
}

/** `/chatgpt/session?id=1` → `/chatgpt`: the home route of the module the user is in. */
export function moduleHomeOf(fullPath: string): string {
  const segment = fullPath.split(/[?#]/)[0]?.split('/')[1];
  return segment ? `/${segment}` : '/home';
}

/** What the person is told on the module's home route when the content of the address is gone. */
export function goneNoticeOf(fullPath: string): string {
  const path = fullPath.split(/[?#]/)[0] ?? '';
  return path.endsWith('/session') ? ErrorMessage.sessionGone : ErrorMessage.resourceGone;
}

export function loginPathFrom(fullPath: string): string {
  return `/login?from=${encodeURIComponent(fullPath)}`;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { session, effects } = options;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => performance.now());
  const newRequestId = options.requestId ?? randomId;
  const refreshLock = options.refreshLock ?? browserRefreshLock();
  const listeners = new Set<(result: ApiResult) => void>();

  const handling = new Set<number>();
  let consecutiveRefreshes = 0;
  /** Refresh token of the session that ended; a new sign-in brings a different one. */
  let endedWith: string | undefined;
  const sessionEnded = () => {
    if (endedWith === undefined) return false;
    const current = session.refreshToken();
    return current === undefined || current === endedWith;
  };
  let lastToast: { text: string; at: number } | undefined;

  const url = (path: string, params?: RequestOptions<unknown>['params']) =>
    joinUrl(options.baseUrl(), path) + buildQuery(params);

  const headers = (): Record<string, string> => {
    const result: Record<string, string> = { [REQUEST_ID_HEADER]: newRequestId() };
    const access = session.accessToken();
    if (access) result.Authorization = `Bearer ${access}`;
    const search = session.searchToken();
    if (search) result[SEARCH_TOKEN_HEADER] = search;
    return result;
  };

  const emit = (result: ApiResult) => {
    for (const listener of listeners) {
      try {
        listener(result);
      } catch (error) {
        console.error(error);
      }
    }
  };

  async function send(method: 'GET' | 'POST', path: string, opts: RequestOptions<unknown>): Promise<Reply> {
    const h = headers();
    const target = url(path, opts.params);
    // A caller that may abort gets a request of its own: the early one cannot be aborted for it.
    const early =
      method === 'GET' && !opts.transport && !opts.signal && h.Authorization
        ? options.takeEarly?.(target, h.Authorization)
        : undefined;
    const requestId = early?.requestId ?? h[REQUEST_ID_HEADER] ?? '';
    h.Accept = 'application/json';
    const init: RequestInit = { method, headers: h, signal: opts.signal, credentials: 'same-origin' };
    if (method === 'POST' && !opts.transport) {
      h['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body ?? {});
    }
    const started = early?.startedAt ?? now();
    let status: number;
    let text: string;
    try {
      if (opts.transport) {
        ({ status, text } = await opts.transport({ method, url: target, headers: h, signal: opts.signal }));
      } else {
        // An early request that failed is sent again, as this one would have been.
        const response = (early && (await early.response)) || (await fetchImpl(target, init));
        status = response.status;
        text = await response.text();
      }
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      console.error(`[http] ${method} ${path} failed`, error);
      const message = '网络异常，请检查网络连接';
      emit({ path, durationMs: now() - started, httpStatus: 0, code: NETWORK_ERROR_CODE, message, requestId });
      throw new HttpError(NETWORK_ERROR_CODE, message, requestId, 0);
    }
    const envelope = parseEnvelope(text, status);
    emit({
      path,
      durationMs: now() - started,
      httpStatus: status,
      code: envelope.code,
      message: envelope.message,
      requestId,
    });
    return { ...envelope, httpStatus: status, requestId };
  }

  /** Runs the handler for a code once; concurrent callers with the same code poll until it is done. */
  async function once(code: number, handler: () => Promise<void> | void): Promise<'handled' | 'waited'> {
    if (handling.has(code)) {
      while (handling.has(code)) await sleep(QUEUED_ERROR_POLL_MS);
      return 'waited';
    }
    handling.add(code);
    try {
      await handler();
    } finally {
      handling.delete(code);
    }
    return 'handled';
  }

  function endSession(): Promise<void> {
    if (sessionEnded()) return Promise.resolve();
    endedWith = session.refreshToken() ?? '';
    consecutiveRefreshes = 0;
    return new Promise<void>((resolve) => {
      effects.warning(ErrorMessage.sessionExpired, () => {
        session.clear();
        effects.navigate(loginPathFrom(effects.currentPath()));
        resolve();
      });
    });
  }

  /**
   * False when the session is over (the warning has been shown). Runs under the cross-tab lock; a
   * tab that waited for it and finds a refresh token other than the one it meant to use knows
   * another tab has just refreshed, and takes those tokens instead of spending a used one.
   */
  function refreshTokens(isUpdateCache: boolean): Promise<boolean> {
    const before = session.refreshToken();
    return refreshLock.run(async () => {
      const current = session.refreshToken();
      if (before && current && current !== before) return true;
      if (current && (await refreshLock.wasSpent(current)) && (await storedTokenReplaces(current))) return true;
      return refreshUnderLock(isUpdateCache);
    });
  }

  /** Another tab spent `spent`; its successor reaches this tab's storage a moment later. */
  async function storedTokenReplaces(spent: string): Promise<boolean> {
    for (let waited = 0; waited < SPENT_TOKEN_WAIT_MS; waited += 25) {
      if (session.refreshToken() !== spent) return true;
      await sleep(25);
    }
    return session.refreshToken() !== spent;
  }

  async function refreshUnderLock(isUpdateCache: boolean): Promise<boolean> {
    const refreshToken = session.refreshToken();
    if (!refreshToken || consecutiveRefreshes >= TOKEN_REFRESH_CAP) {
      void endSession();
      return false;
    }
    consecutiveRefreshes += 1;
    const reply = await send('POST', '/api/user/refreshToken', {
      body: { refresh_token: refreshToken, is_update_cache: isUpdateCache },
    });
    const parsed = reply.code === ErrorCode.ok ? refreshResponseParser.safeParse(reply.data) : undefined;
    if (!parsed?.success) {
      void endSession();
      return false;
    }
    session.setTokens(parsed.data.access_token, parsed.data.refresh_token, parsed.data.account_info);
    await refreshLock.markSpent(refreshToken);
    return true;
  }

  async function syncUserInfo(): Promise<void> {
    const reply = await send('GET', '/api/user/info', {});
    const parsed = reply.code === ErrorCode.ok ? userInfoResponseParser.safeParse(reply.data) : undefined;
    if (parsed?.success) session.setAccountInfo(parsed.data.account_info);
  }

  const fail = (reply: Reply, code = reply.code, message = reply.message) =>
    new HttpError(code, message, reply.requestId, reply.httpStatus);

  function toast(text: string) {
    const at = now();
    if (lastToast && lastToast.text === text && at - lastToast.at < TOAST_DEBOUNCE_MS) return;
    lastToast = { text, at };
    effects.toastError(text);
  }

  /** 1001: one refresh at a time; false when the session ended instead. */
  async function repairExpired(): Promise<boolean> {
    if (sessionEnded()) return false;
    await once(ErrorCode.tokenExpired, async () => {
      await refreshTokens(false);
    });
    return !sessionEnded();
  }

  /**
   * Set once the 1004 warning is up: the page reloads when it closes, so a 403 met meanwhile (the
   * right taken away) is already explained and gets no toast of its own.
   */
  let reloadPending = false;

  /** 1004: new tokens with the new rights, the account re-synced, then (unless quiet) the page reloads. */
  async function repairPermissions(quiet = false): Promise<boolean> {
    if (sessionEnded()) return false;
    await once(ErrorCode.permissionsChanged, async () => {
      if (!(await refreshTokens(true))) return;
      await syncUserInfo();
      if (quiet) {
        effects.rightsChanged?.();
        return;
      }
      reloadPending = true;
      effects.warning(ErrorMessage.permissionsChanged, () => effects.reload());
    });
    return !sessionEnded();
  }

  async function repairAuth(code: number): Promise<boolean> {
    switch (code) {
      case ErrorCode.tokenExpired:
        return repairExpired();
      case ErrorCode.permissionsChanged:
        return repairPermissions();
      case ErrorCode.notSignedIn:
      case ErrorCode.refreshInvalid:
        await once(ErrorCode.refreshInvalid, () => endSession());
        return false;
      case ErrorCode.resourceGone:
        await once(ErrorCode.resourceGone, () => {
          const path = effects.currentPath();
          effects.navigate(moduleHomeOf(path));
          effects.notice?.(goneNoticeOf(path));
        });
        return false;
      default:
        return false;
    }
  }

  async function request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions<T> = {}): Promise<T> {
    // A schema still loading that fails is reported by the check that awaits it, or not at all
    // when the request fails first.
    if (opts.schema instanceof Promise) opts.schema.catch(() => undefined);
    let permissionRetried = false;
    for (;;) {
      const sentToken = session.accessToken();
      const reply = await send(method, path, opts);
      switch (reply.code) {
        case ErrorCode.ok: {
          consecutiveRefreshes = 0;
          if (!opts.schema) return reply.data as T;
          const parsed = (await opts.schema).safeParse(reply.data);
          if (parsed.success) return parsed.data;
          console.error(`[http] ${method} ${path}: unexpected response`, parsed.error);
          throw fail(reply, ErrorCode.plainString, '响应数据格式不正确');
        }
        case ErrorCode.tokenExpired: {
          if (sessionEnded()) throw fail(reply, ErrorCode.refreshInvalid, ErrorMessage.sessionExpired);
          const current = session.accessToken();
          // Another request already refreshed while this one was in flight.
          if (current && current !== sentToken && !handling.has(ErrorCode.tokenExpired)) continue;
          if (!(await repairExpired())) throw fail(reply, ErrorCode.refreshInvalid, ErrorMessage.sessionExpired);
          continue;
        }
        case ErrorCode.notSignedIn:
        case ErrorCode.refreshInvalid:
        case ErrorCode.resourceGone: {
          await repairAuth(reply.code);
          throw fail(reply);
        }
        case ErrorCode.permissionsChanged: {
          if (sessionEnded() || permissionRetried) throw fail(reply);
          permissionRetried = true;
          if (!(await repairPermissions(opts.quietRightsChange))) throw fail(reply);
          continue;
        }
        default: {
          const explained = reloadPending && reply.code === ErrorCode.forbidden;
          if (!opts.silent && !explained && reply.message) toast(reply.message);
          throw fail(reply);
        }
      }
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    onResult(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    headers,
    url,
    repairAuth,
  };
}
