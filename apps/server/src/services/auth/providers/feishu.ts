import type { AuthorizeMode } from '@portal/contract';
import type { FeishuConfig } from './config';
import { AppTokenCache, callProvider, ids, str } from './http';
import { ProviderError, type ProviderErrorKind } from './provider-error';
import type {
  DirectoryDepartment,
  DirectoryMember,
  DirectorySnapshot,
  WorkplaceAdapter,
  WorkplaceProfile,
} from './types';

const PAGE_SIZE = '50';

/**
 * Feishu / Lark custom app. Open APIs answer `{code, msg, data}`; the OAuth token endpoint
 * (authen/v2/oauth/token) answers flat RFC 6749 fields plus `code`. The person is identified by
 * `open_id`, which the contact API also uses when asked for `user_id_type=open_id`.
 */
export class FeishuAdapter implements WorkplaceAdapter {
  readonly name = 'feishu' as const;
  readonly qr = false;
  private readonly tenantToken: AppTokenCache;

  constructor(
    private readonly cfg: FeishuConfig,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {
    this.tenantToken = new AppTokenCache(() => this.fetchTenantToken());
  }

  get label(): string {
    return this.cfg.label;
  }

  get frameOrigins(): string[] {
    return [new URL(this.cfg.accounts_base).origin];
  }

  /**
   * 获取授权码: GET accounts.feishu.cn/open-apis/authen/v1/authorize. Inside the Feishu client the
   * same page returns at once without asking, so `client` and `web` share it.
   */
  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string; mode: AuthorizeMode }): string {
    const url = new URL('/open-apis/authen/v1/authorize', this.cfg.accounts_base);
    url.searchParams.set('client_id', this.cfg.app_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<WorkplaceProfile> {
    // 获取 user_access_token: POST /open-apis/authen/v2/oauth/token → {code: 0, access_token, ...};
    // failures carry code 20003 (not found / used once), 20004 (expired), … and error_description.
    const { json: token } = await callProvider({
      provider: 'feishu',
      api: '/open-apis/authen/v2/oauth/token',
      url: new URL('/open-apis/authen/v2/oauth/token', this.cfg.api_base).toString(),
      method: 'POST',
      body: {
        grant_type: 'authorization_code',
        client_id: this.cfg.app_id,
        client_secret: this.secret,
        code,
        redirect_uri: redirectUri,
      },
      timeoutMs: this.timeoutMs,
    });
    check('/open-apis/authen/v2/oauth/token', token);
    const userToken = str(token.access_token);
    if (!userToken) throw new ProviderError('feishu', 'unavailable', '/open-apis/authen/v2/oauth/token', 'no token');
    // 获取用户信息: GET /open-apis/authen/v1/user_info (user_access_token) → data {open_id, name, avatar_url, ...}
    const { json: info } = await callProvider({
      provider: 'feishu',
      api: '/open-apis/authen/v1/user_info',
      url: new URL('/open-apis/authen/v1/user_info', this.cfg.api_base).toString(),
      headers: { authorization: `Bearer ${userToken}` },
      timeoutMs: this.timeoutMs,
    });
    check('/open-apis/authen/v1/user_info', info);
    const data = (info.data ?? {}) as Record<string, unknown>;
    const openId = str(data.open_id);
    if (!openId) throw new ProviderError('feishu', 'denied', '/open-apis/authen/v1/user_info', 'no open_id');
    // 获取单个用户信息: GET /open-apis/contact/v3/users/:user_id (tenant_access_token) →
    // data.user.department_ids. Needs the app's contact scope to include the person.
    const contact = await this.open(`/open-apis/contact/v3/users/${encodeURIComponent(openId)}`, {
      user_id_type: 'open_id',
      department_id_type: 'open_department_id',
    });
    const user = ((contact.data ?? {}) as Record<string, unknown>).user as Record<string, unknown> | undefined;
    return {
      externalId: openId,
      login: str(data.user_id) || str(data.email) || openId,
      name: str(data.name) || openId,
      avatar: str(data.avatar_url),
      mobile: str(data.mobile),
      email: str(data.enterprise_email) || str(data.email),
      departmentIds: ids(user?.department_ids),
    };
  }

  async directory(): Promise<DirectorySnapshot> {
    // 获取子部门列表: GET /open-apis/contact/v3/departments/0/children?fetch_child=true (paged),
    // department 0 being the company root.
    const departments: DirectoryDepartment[] = [{ externalId: '0', name: '全公司', parentExternalId: '' }];
    for await (const d of this.pages('/open-apis/contact/v3/departments/0/children', {
      fetch_child: 'true',
      department_id_type: 'open_department_id',
    })) {
      departments.push({
        externalId: str(d.open_department_id),
        name: str(d.name),
        parentExternalId: str(d.parent_department_id) || '0',
      });
    }
    const members = new Map<string, DirectoryMember>();
    for (const dept of departments) {
      // 获取部门直属用户列表: GET /open-apis/contact/v3/users/find_by_department (paged)
      for await (const u of this.pages('/open-apis/contact/v3/users/find_by_department', {
        department_id: dept.externalId,
        department_id_type: 'open_department_id',
        user_id_type: 'open_id',
      })) {
        const id = str(u.open_id);
        if (!id) continue;
        const seen = members.get(id);
        const depts = ids(u.department_ids).length > 0 ? ids(u.department_ids) : [dept.externalId];
        members.set(id, {
          externalId: id,
          name: str(u.name) || id,
          departmentIds: [...new Set([...(seen?.departmentIds ?? []), ...depts])],
        });
      }
    }
    return { departments, members: [...members.values()] };
  }

  private async *pages(path: string, query: Record<string, string>): AsyncGenerator<Record<string, unknown>> {
    let pageToken = '';
    for (let guard = 0; guard < 10_000; guard++) {
      const json = await this.open(path, {
        ...query,
        page_size: PAGE_SIZE,
        ...(pageToken ? { page_token: pageToken } : {}),
      });
      const data = (json.data ?? {}) as Record<string, unknown>;
      const items = Array.isArray(data.items) ? (data.items as Array<Record<string, unknown>>) : [];
      yield* items;
      pageToken = str(data.page_token);
      if (data.has_more !== true || !pageToken) return;
    }
  }

  /**
   * 自建应用获取 tenant_access_token: POST /open-apis/auth/v3/tenant_access_token/internal
   * {app_id, app_secret} → {code: 0, tenant_access_token, expire}.
   */
  private async fetchTenantToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const api = '/open-apis/auth/v3/tenant_access_token/internal';
    const { json } = await callProvider({
      provider: 'feishu',
      api,
      url: new URL(api, this.cfg.api_base).toString(),
      method: 'POST',
      body: { app_id: this.cfg.app_id, app_secret: this.secret },
      timeoutMs: this.timeoutMs,
    });
    check(api, json);
    const token = str(json.tenant_access_token);
    if (!token) throw new ProviderError('feishu', 'unavailable', api, 'no token');
    return { token, expiresInSeconds: Number(json.expire) || 7200 };
  }

  private async open(path: string, query: Record<string, string>, retried = false): Promise<Record<string, unknown>> {
    const url = new URL(path, this.cfg.api_base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const { json } = await callProvider({
      provider: 'feishu',
      api: path.replace(/\/users\/[^/]+$/, '/users/:user_id'),
      url: url.toString(),
      headers: { authorization: `Bearer ${await this.tenantToken.get()}` },
      timeoutMs: this.timeoutMs,
    });
    // 99991663 / 99991668: the tenant token is invalid or expired; fetch a new one once.
    if (!retried && (json.code === 99991663 || json.code === 99991668)) {
      this.tenantToken.clear();
      return this.open(path, query, true);
    }
    check(path, json);
    return json;
  }
}

function check(api: string, json: Record<string, unknown>): void {
  const code = Number(json.code ?? 0);
  if (code === 0) return;
  throw new ProviderError('feishu', feishuErrorKind(code), api, code);
}

/** Error codes of authen v2 oauth/token, authen v1 and the contact API, by what one can do. */
function feishuErrorKind(code: number): ProviderErrorKind {
  // 20003 code not found, 20004 code expired, 20065 code already used; 20007/1007 (authen v1) invalid code.
  if ([20003, 20004, 20065, 20007, 1007].includes(code)) return 'code';
  // 20002 bad client secret, 20024 code of another app, 20048 app missing, 20071 redirect_uri
  // mismatch, 10003/10014 bad app credentials for tenant_access_token.
  if ([20002, 20024, 20048, 20071, 10003, 10014].includes(code)) return 'misconfigured';
  // 20008 user missing, 20009 app not installed, 20010 no permission to use the app, 20066 user
  // status invalid, 20069 app disabled, 40004 / 99991672 / 99991679 missing contact scope.
  if ([20008, 20009, 20010, 20066, 20069, 40004, 99991672, 99991679].includes(code)) return 'denied';
  return 'unavailable';
}
