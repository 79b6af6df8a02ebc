import type { AuthorizeMode } from '@portal/contract';
import type { DingtalkConfig } from './config';
import { AppTokenCache, callProvider, ids, str } from './http';
import { ProviderError, type ProviderErrorKind } from './provider-error';
import type {
  DirectoryDepartment,
  DirectoryMember,
  DirectorySnapshot,
  WorkplaceAdapter,
  WorkplaceProfile,
} from './types';

/**
 * DingTalk internal app. The new API (api.dingtalk.com, v1.0) answers plain JSON and, on failure,
 * a 4xx with `{code, message, requestid}` where `code` is a string; the older API
 * (oapi.dingtalk.com, topapi) answers `{errcode, errmsg, result}` with HTTP 200. The person is
 * identified by the corp's `userid`, found from the unionId of the OAuth profile.
 */
export class DingtalkAdapter implements WorkplaceAdapter {
  readonly name = 'dingtalk' as const;
  readonly label = '钉钉';
  readonly qr = true;
  private readonly appToken: AppTokenCache;

  constructor(
    private readonly cfg: DingtalkConfig,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {
    this.appToken = new AppTokenCache(() => this.fetchAppToken());
  }

  get frameOrigins(): string[] {
    return [new URL(this.cfg.login_base).origin];
  }

  /**
   * OAuth 2 login page: login.dingtalk.com/oauth2/auth. In a browser it shows the QR code; inside
   * the DingTalk client it returns at once, so both modes share it. It comes back with
   * `authCode` (and `state`) on the redirect URI.
   */
  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string; mode: AuthorizeMode }): string {
    const url = new URL('/oauth2/auth', this.cfg.login_base);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.cfg.client_id);
    url.searchParams.set('scope', 'openid corpid');
    url.searchParams.set('state', state);
    url.searchParams.set('prompt', 'consent');
    return url.toString();
  }

  async exchange(code: string): Promise<WorkplaceProfile> {
    // 获取用户token: POST /v1.0/oauth2/userAccessToken → {accessToken, expireIn, corpId}; a used or
    // expired code answers 400 {code: "invalidParameter.authCode.notFound"}.
    const { status, json: token } = await callProvider({
      provider: 'dingtalk',
      api: '/v1.0/oauth2/userAccessToken',
      url: new URL('/v1.0/oauth2/userAccessToken', this.cfg.api_base).toString(),
      method: 'POST',
      body: { clientId: this.cfg.client_id, clientSecret: this.secret, code, grantType: 'authorization_code' },
      timeoutMs: this.timeoutMs,
    });
    checkNew('/v1.0/oauth2/userAccessToken', status, token);
    const userToken = str(token.accessToken);
    if (!userToken) throw new ProviderError('dingtalk', 'unavailable', '/v1.0/oauth2/userAccessToken', 'no token');
    // 获取用户通讯录个人信息: GET /v1.0/contact/users/me (x-acs-dingtalk-access-token) →
    // {nick, avatarUrl, mobile, unionId, email}
    const { status: meStatus, json: me } = await callProvider({
      provider: 'dingtalk',
      api: '/v1.0/contact/users/me',
      url: new URL('/v1.0/contact/users/me', this.cfg.api_base).toString(),
      headers: { 'x-acs-dingtalk-access-token': userToken },
      timeoutMs: this.timeoutMs,
    });
    checkNew('/v1.0/contact/users/me', meStatus, me);
    const unionId = str(me.unionId);
    if (!unionId) throw new ProviderError('dingtalk', 'denied', '/v1.0/contact/users/me', 'no unionId');
    // 根据unionid获取用户userid: POST /topapi/user/getbyunionid {unionid} → result.userid; a person
    // outside the corp answers errcode 60121.
    const byUnion = await this.topapi('/topapi/user/getbyunionid', { unionid: unionId });
    const userId = str((byUnion.result as Record<string, unknown> | undefined)?.userid);
    if (!userId) throw new ProviderError('dingtalk', 'denied', '/topapi/user/getbyunionid', 'no userid');
    // 查询用户详情: POST /topapi/v2/user/get {userid} → result {name, avatar, mobile, email, dept_id_list}
    const detail = await this.topapi('/topapi/v2/user/get', { userid: userId, language: 'zh_CN' });
    const user = (detail.result ?? {}) as Record<string, unknown>;
    return {
      externalId: userId,
      login: userId,
      name: str(user.name) || str(me.nick) || userId,
      avatar: str(user.avatar) || str(me.avatarUrl),
      mobile: str(user.mobile) || str(me.mobile),
      email: str(user.org_email) || str(user.email) || str(me.email),
      departmentIds: ids(user.dept_id_list),
    };
  }

  async directory(): Promise<DirectorySnapshot> {
    const root = this.cfg.root_department;
    const departments: DirectoryDepartment[] = [{ externalId: root, name: '全公司', parentExternalId: '' }];
    // 获取部门列表: POST /topapi/v2/department/listsub {dept_id} → result [{dept_id, name, parent_id}],
    // one level at a time, so walk the tree breadth first.
    const queue = [root];
    while (queue.length > 0 && departments.length < 100_000) {
      const parent = queue.shift() as string;
      const json = await this.topapi('/topapi/v2/department/listsub', { dept_id: Number(parent), language: 'zh_CN' });
      const list = Array.isArray(json.result) ? (json.result as Array<Record<string, unknown>>) : [];
      for (const d of list) {
        const id = str(d.dept_id);
        if (!id) continue;
        departments.push({ externalId: id, name: str(d.name), parentExternalId: str(d.parent_id) || parent });
        queue.push(id);
      }
    }
    const members = new Map<string, DirectoryMember>();
    for (const dept of departments) {
      // 获取部门用户基础信息: POST /topapi/user/listsimple {dept_id, cursor, size} →
      // result {has_more, next_cursor, list: [{userid, name}]}
      let cursor = 0;
      for (let guard = 0; guard < 10_000; guard++) {
        const json = await this.topapi('/topapi/user/listsimple', {
          dept_id: Number(dept.externalId),
          cursor,
          size: 100,
        });
        const result = (json.result ?? {}) as Record<string, unknown>;
        const list = Array.isArray(result.list) ? (result.list as Array<Record<string, unknown>>) : [];
        for (const u of list) {
          const id = str(u.userid);
          if (!id) continue;
          const seen = members.get(id);
          members.set(id, {
            externalId: id,
            name: str(u.name) || id,
            departmentIds: [...new Set([...(seen?.departmentIds ?? []), dept.externalId])],
          });
        }
        if (result.has_more !== true) break;
        cursor = Number(result.next_cursor) || 0;
      }
    }
    return { departments, members: [...members.values()] };
  }

  /** 获取企业内部应用的accessToken: POST /v1.0/oauth2/accessToken {appKey, appSecret} → {accessToken, expireIn}. */
  private async fetchAppToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const api = '/v1.0/oauth2/accessToken';
    const { status, json } = await callProvider({
      provider: 'dingtalk',
      api,
      url: new URL(api, this.cfg.api_base).toString(),
      method: 'POST',
      body: { appKey: this.cfg.client_id, appSecret: this.secret },
      timeoutMs: this.timeoutMs,
    });
    checkNew(api, status, json);
    const token = str(json.accessToken);
    if (!token) throw new ProviderError('dingtalk', 'unavailable', api, 'no token');
    return { token, expiresInSeconds: Number(json.expireIn) || 7200 };
  }

  private async topapi(path: string, body: Record<string, unknown>, retried = false): Promise<Record<string, unknown>> {
    const url = new URL(path, this.cfg.oapi_base);
    url.searchParams.set('access_token', await this.appToken.get());
    const { json } = await callProvider({
      provider: 'dingtalk',
      api: path,
      url: url.toString(),
      method: 'POST',
      body,
      timeoutMs: this.timeoutMs,
    });
    // 40014 invalid access_token, 42001 expired: fetch a new one once.
    if (!retried && (json.errcode === 40014 || json.errcode === 42001)) {
      this.appToken.clear();
      return this.topapi(path, body, true);
    }
    const errcode = Number(json.errcode ?? 0);
    if (errcode !== 0) throw new ProviderError('dingtalk', topapiErrorKind(errcode), path, errcode);
    return json;
  }
}

/** New-API failures: a 4xx with a string `code`. */
function checkNew(api: string, status: number, json: Record<string, unknown>): void {
  if (status < 400) return;
  const code = str(json.code);
  let kind: ProviderErrorKind = 'unavailable';
  if (/authCode|code\.(notFound|expired|invalid)/i.test(code)) kind = 'code';
  else if (/client|appKey|appSecret|secret|redirect/i.test(code)) kind = 'misconfigured';
  else if (/forbidden|accessDenied|permission|unauthorized/i.test(code) || status === 401 || status === 403) {
    kind = 'denied';
  }
  throw new ProviderError('dingtalk', kind, api, code || `http ${status}`);
}

function topapiErrorKind(errcode: number): ProviderErrorKind {
  // 40001 / 40089 invalid credentials, 40078 no such app.
  if ([40001, 40089, 40078].includes(errcode)) return 'misconfigured';
  // 60121 user not in the corp, 60011 / 60020 / 50004 / 88 no permission for the directory.
  if ([60121, 60011, 60020, 50004, 88].includes(errcode)) return 'denied';
  return 'unavailable';
}
