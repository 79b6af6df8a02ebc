import type {
  AccountInfo,
  AppListEntry,
  AuthorizeResponse,
  LoginResponse,
  NoticeListResponse,
  NoticeView,
  RefreshResponse,
  RuntimeConfig,
  Token,
  TokenKeyResponse,
  UserInfoResponse,
} from '@portal/contract';

/** What the HTTP client needs from a schema; zod schemas fit it as they are. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/*
 * Hand-written checks for the few responses the first screen needs (sign-in, user, catalogue,
 * runtime config). They mirror the contract schemas so zod stays out of the entry bundle; the
 * test suite checks them against those schemas.
 */

type Check<T> = (value: unknown) => value is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

const fields =
  <T>(shape: Record<string, (v: unknown) => boolean>): Check<T> =>
  (v): v is T =>
    isObject(v) && Object.entries(shape).every(([key, check]) => check(v[key]));

const isToken = fields<Token>({ token: isString, expire_at: isInt });

export const isAppListEntry = fields<AppListEntry>({
  id: isInt,
  app_key: isString,
  app_name: isString,
  app_icon: isString,
  app_url: isString,
  description: isString,
  be_authorized: (v) => typeof v === 'boolean',
  type_tags: isStringArray,
  scene_tags: isStringArray,
  order: isInt,
});

export const isAccountInfo = fields<AccountInfo>({
  id: isInt,
  user_name: isString,
  mobile: isString,
  email: isString,
  avatar: isString,
  is_admin: (v) => typeof v === 'boolean',
  app_list: (v) => Array.isArray(v) && v.every(isAppListEntry),
});

function parser<T>(check: Check<T>, pick: (v: T) => T = (v) => v): Parser<T> {
  return {
    safeParse: (data) =>
      check(data)
        ? { success: true, data: pick(data) }
        : { success: false, error: new TypeError('unexpected response shape') },
  };
}

export const refreshResponseParser = parser(
  fields<RefreshResponse>({
    access_token: isToken,
    refresh_token: isToken,
    account_info: (v) => v === undefined || isAccountInfo(v),
  }),
);
export const userInfoResponseParser = parser(fields<UserInfoResponse>({ account_info: isAccountInfo }));
export const loginResponseParser = parser(
  fields<LoginResponse>({
    access_token: isToken,
    refresh_token: isToken,
    account_info: isAccountInfo,
    redirect: isString,
  }),
);
export const authorizeResponseParser = parser(fields<AuthorizeResponse>({ url: isString }));
export const appListResponseParser = parser(
  fields<{ list: AppListEntry[] }>({ list: (v) => Array.isArray(v) && v.every(isAppListEntry) }),
);

const isNotice = fields<NoticeView>({
  id: isInt,
  kind: (v) => v === 'access_request.approved' || v === 'access_request.denied' || v === 'access_request.new',
  title: isString,
  body: isString,
  link: isString,
  read: (v) => typeof v === 'boolean',
  created_at: isString,
});
/** The header's notice bell loads on every page: no zod there either. */
export const noticeListResponseParser = parser(
  fields<NoticeListResponse>({ list: (v) => Array.isArray(v) && v.every(isNotice), unread: isInt }),
);
export const markNoticesReadResponseParser = parser(fields<{ unread: number }>({ unread: isInt }));

const RUNTIME_DEFAULTS: RuntimeConfig = {
  clientId: '',
  title: 'AI 门户',
  apiDomain: '/',
  bfaUrl: '',
  bfaAutoFinishDelay: {},
  analyticsTimeZone: 'Asia/Shanghai',
  searchApiDomain: '/search-api/',
  imageHosts: [],
};

/** `/app-config.json`: each field falls back to its default on its own, as the contract schema's defaults do. */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  const v = isObject(data) ? data : {};
  const delays = isObject(v.bfaAutoFinishDelay) ? v.bfaAutoFinishDelay : {};
  return {
    clientId: isString(v.clientId) ? v.clientId : RUNTIME_DEFAULTS.clientId,
    title: isString(v.title) ? v.title : RUNTIME_DEFAULTS.title,
    apiDomain: isString(v.apiDomain) ? v.apiDomain : RUNTIME_DEFAULTS.apiDomain,
    bfaUrl: isString(v.bfaUrl) ? v.bfaUrl : RUNTIME_DEFAULTS.bfaUrl,
    bfaAutoFinishDelay: Object.fromEntries(
      Object.entries(delays).filter((entry): entry is [string, number] => isInt(entry[1]) && entry[1] >= 0),
    ),
    analyticsTimeZone: isString(v.analyticsTimeZone) ? v.analyticsTimeZone : RUNTIME_DEFAULTS.analyticsTimeZone,
    searchApiDomain: isString(v.searchApiDomain) ? v.searchApiDomain : RUNTIME_DEFAULTS.searchApiDomain,
    imageHosts: Array.isArray(v.imageHosts) ? v.imageHosts.filter(isString) : RUNTIME_DEFAULTS.imageHosts,
  };
}

export const defaultRuntimeConfig: RuntimeConfig = parseRuntimeConfig({});
export const appListEntryParser = parser(isAppListEntry);
export const tokenKeyResponseParser = parser(fields<TokenKeyResponse>({ token_key: isString, expires_in: isInt }));
