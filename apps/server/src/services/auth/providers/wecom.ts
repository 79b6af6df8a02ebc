import type { AuthorizeMode } from '@portal/contract';
import type { WecomConfig } from './config';
import { AppTokenCache, callProvider, ids, str } from './http';
import { ProviderError, type ProviderErrorKind } from './provider-error';
import type { DirectoryMember, DirectorySnapshot, WorkplaceAdapter, WorkplaceProfile } from './types';

/**
 * WeCom (企业微信) self-built app. Every server API answers `{errcode, errmsg, ...}` with HTTP 200;
 * errcode 0 is success. The access token travels in the query string, so nothing here ever logs
 * a URL — only the API path and the errcode.
 */
export class WecomAdapter implements WorkplaceAdapter {
  readonly name = 'wecom' as const;
  readonly label = '企业微信';
  readonly qr = true;
  private readonly token: AppTokenCache;

  constructor(
    private readonly cfg: WecomConfig,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {
    this.token = new AppTokenCache(() => this.fetchToken());
  }

  get frameOrigins(): string[] {
    return [new URL(this.cfg.login_base).origin, new URL(this.cfg.oauth_base).origin];
  }

  authorizeUrl({ state, redirectUri, mode }: { state: string; redirectUri: string; mode: AuthorizeMode }): string {
    const q = (v: string) => encodeURIComponent(v);
    if (mode === 'client') {
      // 构造网页授权链接: open.weixin.qq.com/connect/oauth2/authorize. WeCom requires this exact
      // parameter order and the #wechat_redirect fragment; snsapi_base signs in without a prompt.
      return (
        `${this.cfg.oauth_base}/connect/oauth2/authorize?appid=${q(this.cfg.corp_id)}` +
        `&redirect_uri=${q(redirectUri)}&response_type=code&scope=snsapi_base` +
        `&state=${q(state)}&agentid=${q(this.cfg.agent_id)}#wechat_redirect`
      );
    }
    // 企业微信登录 (web login, the successor of wwopen/sso/qrConnect): a QR code page that can be
    // framed; after the scan it sends the browser to redirect_uri?code=&state=.
    return (
      `${this.cfg.login_base}/wwlogin/sso/login?login_type=CorpApp&appid=${q(this.cfg.corp_id)}` +
      `&agentid=${q(this.cfg.agent_id)}&redirect_uri=${q(redirectUri)}&state=${q(state)}`
    );
  }

  async exchange(code: string): Promise<WorkplaceProfile> {
    // 获取访问用户身份: GET /cgi-bin/auth/getuserinfo?access_token=&code= → {userid, user_ticket};
    // a non-member gets {openid} instead of userid.
    const who = await this.api('/cgi-bin/auth/getuserinfo', { code });
    const userId = str(who.userid);
    if (!userId) throw new ProviderError('wecom', 'denied', '/cgi-bin/auth/getuserinfo', 'no userid');
    // 读取成员: GET /cgi-bin/user/get?access_token=&userid= → {name, department[], avatar?, mobile?}.
    const user = await this.api('/cgi-bin/user/get', { userid: userId });
    // 获取访问用户敏感信息: POST /cgi-bin/auth/getuserdetail {user_ticket} → {avatar, mobile, email}.
    // Only when the app may read them (snsapi_privateinfo); without the permission we carry on.
    let detail: Record<string, unknown> = {};
    const ticket = str(who.user_ticket);
    if (ticket) {
      detail = await this.api('/cgi-bin/auth/getuserdetail', {}, { user_ticket: ticket }).catch((err: unknown) => {
        if (err instanceof ProviderError && err.kind !== 'unavailable') return {};
        throw err;
      });
    }
    return {
      externalId: userId,
      login: userId,
      name: str(user.name) || userId,
      avatar: str(detail.avatar) || str(user.avatar),
      mobile: str(detail.mobile) || str(user.mobile),
      email: str(detail.biz_mail) || str(detail.email) || str(user.biz_mail) || str(user.email),
      departmentIds: ids(user.department),
    };
  }

  async directory(): Promise<DirectorySnapshot> {
    // 获取部门列表: GET /cgi-bin/department/list?id= → {department: [{id, name, parentid}]}, the
    // root and everything below it.
    const list = await this.api('/cgi-bin/department/list', { id: this.cfg.root_department });
    const raw = Array.isArray(list.department) ? (list.department as Array<Record<string, unknown>>) : [];
    const departments = raw.map((d) => ({
      externalId: str(d.id),
      name: str(d.name),
      parentExternalId: str(d.id) === this.cfg.root_department ? '' : str(d.parentid),
    }));
    const members = new Map<string, DirectoryMember>();
    for (const dept of departments) {
      // 获取部门成员: GET /cgi-bin/user/simplelist?department_id= → {userlist: [{userid, name, department[]}]}
      const page = await this.api('/cgi-bin/user/simplelist', { department_id: dept.externalId });
      const users = Array.isArray(page.userlist) ? (page.userlist as Array<Record<string, unknown>>) : [];
      for (const u of users) {
        const id = str(u.userid);
        if (!id) continue;
        const seen = members.get(id);
        const depts = ids(u.department).length > 0 ? ids(u.department) : [dept.externalId];
        members.set(id, {
          externalId: id,
          name: str(u.name) || id,
          departmentIds: [...new Set([...(seen?.departmentIds ?? []), ...depts])],
        });
      }
    }
    return { departments, members: [...members.values()] };
  }

  /** 获取access_token: GET /cgi-bin/gettoken?corpid=&corpsecret= → {access_token, expires_in}. */
  private async fetchToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const url = new URL('/cgi-bin/gettoken', this.cfg.api_base);
    url.searchParams.set('corpid', this.cfg.corp_id);
    url.searchParams.set('corpsecret', this.secret);
    const { json } = await callProvider({
      provider: 'wecom',
      api: '/cgi-bin/gettoken',
      url: url.toString(),
      timeoutMs: this.timeoutMs,
    });
    this.check('/cgi-bin/gettoken', json);
    const token = str(json.access_token);
    if (!token) throw new ProviderError('wecom', 'unavailable', '/cgi-bin/gettoken', 'no token');
    return { token, expiresInSeconds: Number(json.expires_in) || 7200 };
  }

  private async api(
    path: string,
    query: Record<string, string>,
    body?: unknown,
    retried = false,
  ): Promise<Record<string, unknown>> {
    const url = new URL(path, this.cfg.api_base);
    url.searchParams.set('access_token', await this.token.get());
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const { json } = await callProvider({
      provider: 'wecom',
      api: path,
      url: url.toString(),
      method: body === undefined ? 'GET' : 'POST',
      body,
      timeoutMs: this.timeoutMs,
    });
    // 42001 access_token expired, 40014 invalid access_token: fetch a new one once.
    if (!retried && (json.errcode === 42001 || json.errcode === 40014)) {
      this.token.clear();
      return this.api(path, query, body, true);
    }
    this.check(path, json);
    return json;
  }

  private check(api: string, json: Record<string, unknown>): void {
    const errcode = Number(json.errcode ?? 0);
    if (errcode === 0) return;
    throw new ProviderError('wecom', wecomErrorKind(errcode), api, errcode);
  }
}

/** WeCom global error codes (全局错误码) grouped by what the person can do about them. */
function wecomErrorKind(errcode: number): ProviderErrorKind {
  // 40029 invalid code (used, expired after 5 minutes, or from another app); 50001 redirect_uri
  // not trusted is a setup error but shows up at the same step.
  if (errcode === 40029) return 'code';
  // 40001 invalid secret, 40013 invalid corpid, 40056 invalid agentid, 40091 secret invalid,
  // 50001 redirect_uri domain not trusted.
  if ([40001, 40013, 40056, 40091, 50001].includes(errcode)) return 'misconfigured';
  // 60011 no privilege to access this member/department, 60020 IP not whitelisted, 48002 API
  // forbidden for this app, 60111 userid not found.
  if ([60011, 60020, 48002, 60111, 301002].includes(errcode)) return 'denied';
  // -1 system busy, and anything unknown: try again later.
  return 'unavailable';
}
