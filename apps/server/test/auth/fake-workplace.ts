import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkplaceProvider } from '@portal/contract';
import type { PortalConfig } from '../../src/config/schema';

/**
 * One HTTP server standing in for WeCom, Feishu/Lark and DingTalk, with the paths and response
 * shapes the portal calls (their paths do not overlap, so one origin serves all three). Codes are
 * minted by `approve()` — what the person's scan or click would do — and are single use; an
 * expired code answers each provider's own error.
 */

export interface FakeDepartment {
  id: string;
  name: string;
  parent: string;
}

export interface FakePerson {
  id: string;
  name: string;
  departments: string[];
  mobile?: string;
  email?: string;
  avatar?: string;
  /** DingTalk's unionId, Feishu's union_id. */
  unionId?: string;
}

interface Directory {
  departments: FakeDepartment[];
  people: FakePerson[];
}

interface IssuedCode {
  provider: WorkplaceProvider;
  personId: string;
  expired: boolean;
}

export const FAKE_SECRETS = {
  wecom: 'wecom-secret-for-tests',
  feishu: 'feishu-secret-for-tests',
  dingtalk: 'dingtalk-secret-for-tests',
} as const;

export const FAKE_IDS = {
  corpId: 'ww_fake_corp',
  agentId: '1000002',
  feishuApp: 'cli_fake_app',
  dingApp: 'ding_fake_app',
};

export class FakeWorkplace {
  readonly directories: Record<WorkplaceProvider, Directory> = {
    wecom: { departments: [], people: [] },
    feishu: { departments: [], people: [] },
    dingtalk: { departments: [], people: [] },
  };
  /** When set, every endpoint answers 503 as during an outage. */
  down = false;
  /** Every call the portal made: method and path (never the query, which holds tokens). */
  readonly calls: string[] = [];
  /** Every secret or token the fake saw, so a test can check none of them reached a response. */
  readonly secretsSeen = new Set<string>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly appTokens = new Set<string>();
  private readonly userTokens = new Map<string, { provider: WorkplaceProvider; personId: string }>();
  private readonly tickets = new Map<string, string>();
  private server: Server | undefined;
  origin = '';

  constructor() {
    for (const secret of Object.values(FAKE_SECRETS)) this.secretsSeen.add(secret);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end('fake error');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The `sso.providers` block pointing every host at this fake. */
  providersConfig(): PortalConfig['sso']['providers'] {
    const o = this.origin;
    return {
      wecom: {
        corp_id: FAKE_IDS.corpId,
        agent_id: FAKE_IDS.agentId,
        secret_env: 'TEST_WECOM_SECRET',
        api_base: o,
        login_base: o,
        oauth_base: o,
        root_department: '1',
      },
      feishu: {
        app_id: FAKE_IDS.feishuApp,
        secret_env: 'TEST_FEISHU_SECRET',
        api_base: o,
        accounts_base: o,
        label: '飞书',
      },
      dingtalk: {
        client_id: FAKE_IDS.dingApp,
        secret_env: 'TEST_DINGTALK_SECRET',
        login_base: o,
        api_base: o,
        oapi_base: o,
        root_department: '1',
      },
      timeout_ms: 5000,
    };
  }

  /**
   * What the provider does when the person scans or taps: checks the authorize URL is one of its
   * own for this app, and sends back `redirect_uri?code=&state=` (DingTalk: `authCode`).
   */
  approve(authorizeUrl: string, provider: WorkplaceProvider, personId: string, opts: { expired?: boolean } = {}) {
    const url = new URL(authorizeUrl.split('#')[0] ?? '');
    const q = url.searchParams;
    const expectPath = {
      wecom: ['/wwlogin/sso/login', '/connect/oauth2/authorize'],
      feishu: ['/open-apis/authen/v1/authorize'],
      dingtalk: ['/oauth2/auth'],
    }[provider];
    if (!expectPath.includes(url.pathname)) throw new Error(`not a ${provider} authorize URL: ${url.pathname}`);
    const appId = { wecom: q.get('appid'), feishu: q.get('client_id'), dingtalk: q.get('client_id') }[provider];
    const expectedApp = { wecom: FAKE_IDS.corpId, feishu: FAKE_IDS.feishuApp, dingtalk: FAKE_IDS.dingApp }[provider];
    if (appId !== expectedApp) throw new Error(`wrong app id ${appId}`);
    if (provider === 'wecom' && q.get('agentid') !== FAKE_IDS.agentId) throw new Error('wrong agentid');
    const redirect = q.get('redirect_uri');
    const state = q.get('state');
    if (!redirect || !state) throw new Error('authorize URL without redirect_uri or state');
    const code = this.mint(provider, personId, opts.expired ?? false);
    const back = new URL(redirect);
    back.searchParams.set(provider === 'dingtalk' ? 'authCode' : 'code', code);
    back.searchParams.set('state', state);
    return { code, state, redirect: back.toString() };
  }

  mint(provider: WorkplaceProvider, personId: string, expired = false): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { provider, personId, expired });
    return code;
  }

  private token(prefix: string): string {
    const t = `${prefix}-${randomBytes(16).toString('hex')}`;
    this.secretsSeen.add(t);
    return t;
  }

  private person(provider: WorkplaceProvider, id: string): FakePerson | undefined {
    return this.directories[provider].people.find((p) => p.id === id);
  }

  private takeCode(provider: WorkplaceProvider, code: string): IssuedCode | 'expired' | undefined {
    const issued = this.codes.get(code);
    if (!issued || issued.provider !== provider) return undefined;
    this.codes.delete(code);
    return issued.expired ? 'expired' : issued;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.calls.push(`${req.method} ${url.pathname}`);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(json));
    };
    if (this.down) {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html>503 Service Temporarily Unavailable</html>');
      return;
    }
    const p = url.pathname;
    const q = url.searchParams;
    if (p.startsWith('/cgi-bin/')) return this.wecom(p, q, body, send);
    if (p.startsWith('/open-apis/')) return this.feishu(p, q, body, req.headers.authorization ?? '', send);
    if (p.startsWith('/v1.0/') || p.startsWith('/topapi/')) {
      return this.dingtalk(p, q, body, String(req.headers['x-acs-dingtalk-access-token'] ?? ''), send);
    }
    if (
      ['/wwlogin/sso/login', '/connect/oauth2/authorize', '/open-apis/authen/v1/authorize', '/oauth2/auth'].includes(p)
    ) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body>扫码登录</body></html>');
      return;
    }
    send(404, { error: 'not found' });
  }

  // ---- WeCom: {errcode, errmsg} with HTTP 200 ----
  private wecom(
    p: string,
    q: URLSearchParams,
    body: Record<string, unknown>,
    send: (s: number, j: unknown) => void,
  ): void {
    const dir = this.directories.wecom;
    const err = (errcode: number, errmsg: string) =>
      send(200, {
        errcode,
        errmsg: `${errmsg}, more info at https://open.work.weixin.qq.com/devtool/query?e=${errcode}`,
      });
    if (p === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== FAKE_IDS.corpId) return err(40013, 'invalid corpid');
      if (q.get('corpsecret') !== FAKE_SECRETS.wecom) return err(40001, 'invalid credential');
      const token = this.token('wecom-app');
      this.appTokens.add(token);
      return send(200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (!this.appTokens.has(q.get('access_token') ?? '')) return err(40014, 'invalid access_token');
    if (p === '/cgi-bin/auth/getuserinfo') {
      const taken = this.takeCode('wecom', q.get('code') ?? '');
      if (!taken || taken === 'expired') return err(40029, 'invalid code');
      const ticket = this.token('wecom-ticket');
      this.tickets.set(ticket, taken.personId);
      return send(200, { errcode: 0, errmsg: 'ok', userid: taken.personId, user_ticket: ticket, expires_in: 1800 });
    }
    if (p === '/cgi-bin/user/get') {
      const person = this.person('wecom', q.get('userid') ?? '');
      if (!person) return err(60111, 'userid not found');
      // Since 2022 user/get no longer returns mobile or avatar to new apps; getuserdetail does.
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        userid: person.id,
        name: person.name,
        department: person.departments.map(Number),
        main_department: Number(person.departments[0] ?? 1),
        status: 1,
      });
    }
    if (p === '/cgi-bin/auth/getuserdetail') {
      const personId = this.tickets.get(String(body.user_ticket ?? ''));
      const person = personId ? this.person('wecom', personId) : undefined;
      if (!person) return err(40029, 'invalid user_ticket');
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        userid: person.id,
        mobile: person.mobile ?? '',
        avatar: person.avatar ?? '',
        biz_mail: person.email ?? '',
      });
    }
    if (p === '/cgi-bin/department/list') {
      const root = q.get('id') ?? '1';
      const under = (id: string): FakeDepartment[] => [
        ...dir.departments.filter((d) => d.id === id),
        ...dir.departments.filter((d) => d.parent === id).flatMap((d) => under(d.id)),
      ];
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        department: under(root).map((d, i) => ({
          id: Number(d.id),
          name: d.name,
          name_en: '',
          department_leader: [],
          parentid: Number(d.parent || 0),
          order: 100000000 - i,
        })),
      });
    }
    if (p === '/cgi-bin/user/simplelist') {
      const dept = q.get('department_id') ?? '';
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        userlist: dir.people
          .filter((u) => u.departments.includes(dept))
          .map((u) => ({
            userid: u.id,
            name: u.name,
            department: u.departments.map(Number),
            open_userid: `wo${u.id}`,
          })),
      });
    }
    err(48002, 'api forbidden');
  }

  // ---- Feishu / Lark: {code, msg, data}; authen v2 token: flat with code/error ----
  private feishu(
    p: string,
    q: URLSearchParams,
    body: Record<string, unknown>,
    authorization: string,
    send: (s: number, j: unknown) => void,
  ): void {
    const dir = this.directories.feishu;
    const bearerToken = authorization.replace(/^Bearer /, '');
    if (p === '/open-apis/authen/v2/oauth/token') {
      if (body.client_id !== FAKE_IDS.feishuApp || body.client_secret !== FAKE_SECRETS.feishu) {
        return send(400, { code: 20002, error: 'invalid_client', error_description: 'The client secret is invalid.' });
      }
      const taken = this.takeCode('feishu', String(body.code ?? ''));
      if (taken === 'expired') {
        return send(400, {
          code: 20004,
          error: 'invalid_grant',
          error_description: 'The authorization code has expired.',
        });
      }
      if (!taken) {
        return send(400, {
          code: 20003,
          error: 'invalid_grant',
          error_description:
            'The authorization code is not found. Please note that an authorization code can only be used once.',
        });
      }
      const token = this.token('u-feishu');
      this.userTokens.set(token, { provider: 'feishu', personId: taken.personId });
      return send(200, { code: 0, access_token: token, expires_in: 7200, token_type: 'Bearer', scope: '' });
    }
    if (p === '/open-apis/authen/v1/user_info') {
      const who = this.userTokens.get(bearerToken);
      const person = who ? this.person('feishu', who.personId) : undefined;
      if (!person) return send(401, { code: 99991668, msg: 'Invalid access token for authorization.' });
      return send(200, {
        code: 0,
        msg: 'success',
        data: {
          name: person.name,
          en_name: '',
          avatar_url: person.avatar ?? '',
          open_id: person.id,
          union_id: person.unionId ?? `on_${person.id}`,
          email: '',
          enterprise_email: person.email ?? '',
          mobile: person.mobile ?? '',
          tenant_key: 'tenant',
        },
      });
    }
    if (p === '/open-apis/auth/v3/tenant_access_token/internal') {
      if (body.app_id !== FAKE_IDS.feishuApp || body.app_secret !== FAKE_SECRETS.feishu) {
        return send(200, { code: 10014, msg: 'app secret invalid' });
      }
      const token = this.token('t-feishu');
      this.appTokens.add(token);
      return send(200, { code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
    }
    if (!this.appTokens.has(bearerToken))
      return send(400, { code: 99991663, msg: 'Invalid access token for authorization.' });
    const page = (items: unknown[]) => {
      const size = Number(q.get('page_size') ?? 50);
      const start = Number(q.get('page_token') || 0);
      const slice = items.slice(start, start + size);
      const more = start + size < items.length;
      return send(200, {
        code: 0,
        msg: 'success',
        data: { has_more: more, ...(more ? { page_token: String(start + size) } : {}), items: slice },
      });
    };
    const userMatch = /^\/open-apis\/contact\/v3\/users\/([^/]+)$/.exec(p);
    if (userMatch && userMatch[1] !== 'find_by_department') {
      const person = this.person('feishu', decodeURIComponent(userMatch[1] ?? ''));
      if (!person) return send(400, { code: 41050, msg: 'no user authority error' });
      return send(200, {
        code: 0,
        msg: 'success',
        data: { user: { open_id: person.id, name: person.name, department_ids: person.departments } },
      });
    }
    if (p === '/open-apis/contact/v3/departments/0/children') {
      // The fake pages two at a time whatever is asked, so paging is exercised.
      const all = dir.departments.filter((d) => d.id !== '0');
      const start = Number(q.get('page_token') || 0);
      const slice = all.slice(start, start + 2);
      const more = start + 2 < all.length;
      return send(200, {
        code: 0,
        msg: 'success',
        data: {
          has_more: more,
          ...(more ? { page_token: String(start + 2) } : {}),
          items: slice.map((d) => ({
            name: d.name,
            department_id: `d${d.id}`,
            open_department_id: d.id,
            parent_department_id: d.parent,
          })),
        },
      });
    }
    if (p === '/open-apis/contact/v3/users/find_by_department') {
      const dept = q.get('department_id') ?? '';
      return page(
        dir.people
          .filter((u) => u.departments.includes(dept))
          .map((u) => ({ open_id: u.id, name: u.name, department_ids: u.departments })),
      );
    }
    send(404, { code: 404, msg: 'not found' });
  }

  // ---- DingTalk: new API plain JSON / 4xx {code, message}; topapi {errcode, errmsg, result} ----
  private dingtalk(
    p: string,
    q: URLSearchParams,
    body: Record<string, unknown>,
    userToken: string,
    send: (s: number, j: unknown) => void,
  ): void {
    const dir = this.directories.dingtalk;
    const requestid = randomBytes(8).toString('hex');
    if (p === '/v1.0/oauth2/userAccessToken') {
      if (body.clientId !== FAKE_IDS.dingApp || body.clientSecret !== FAKE_SECRETS.dingtalk) {
        return send(400, { code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret', requestid });
      }
      const taken = this.takeCode('dingtalk', String(body.code ?? ''));
      if (!taken || taken === 'expired') {
        return send(400, { code: 'invalidParameter.authCode.notFound', message: '不合法的临时授权码', requestid });
      }
      const token = this.token('ding-user');
      this.userTokens.set(token, { provider: 'dingtalk', personId: taken.personId });
      return send(200, {
        accessToken: token,
        refreshToken: this.token('ding-refresh'),
        expireIn: 7200,
        corpId: 'dingcorp',
      });
    }
    if (p === '/v1.0/contact/users/me') {
      const who = this.userTokens.get(userToken);
      const person = who ? this.person('dingtalk', who.personId) : undefined;
      if (!person) return send(401, { code: 'InvalidAuthentication', message: '不合法的access_token', requestid });
      return send(200, {
        nick: person.name,
        avatarUrl: person.avatar ?? '',
        mobile: person.mobile ?? '',
        openId: `open_${person.id}`,
        unionId: person.unionId ?? `union_${person.id}`,
        email: '',
        stateCode: '86',
      });
    }
    if (p === '/v1.0/oauth2/accessToken') {
      if (body.appKey !== FAKE_IDS.dingApp || body.appSecret !== FAKE_SECRETS.dingtalk) {
        return send(400, { code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret', requestid });
      }
      const token = this.token('ding-app');
      this.appTokens.add(token);
      return send(200, { accessToken: token, expireIn: 7200 });
    }
    const err = (errcode: number, errmsg: string) => send(200, { errcode, errmsg, request_id: requestid });
    if (!this.appTokens.has(q.get('access_token') ?? '')) return err(40014, '不合法的access_token');
    if (p === '/topapi/user/getbyunionid') {
      const person = dir.people.find((u) => (u.unionId ?? `union_${u.id}`) === body.unionid);
      if (!person) return err(60121, '找不到该用户');
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        result: { contact_type: 0, userid: person.id },
        request_id: requestid,
      });
    }
    if (p === '/topapi/v2/user/get') {
      const person = this.person('dingtalk', String(body.userid ?? ''));
      if (!person) return err(60121, '找不到该用户');
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        result: {
          userid: person.id,
          unionid: person.unionId ?? `union_${person.id}`,
          name: person.name,
          avatar: person.avatar ?? '',
          mobile: person.mobile ?? '',
          org_email: person.email ?? '',
          dept_id_list: person.departments.map(Number),
        },
        request_id: requestid,
      });
    }
    if (p === '/topapi/v2/department/listsub') {
      const parent = String(body.dept_id ?? '1');
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        result: dir.departments
          .filter((d) => d.parent === parent)
          .map((d) => ({ dept_id: Number(d.id), name: d.name, parent_id: Number(d.parent), create_dept_group: false })),
        request_id: requestid,
      });
    }
    if (p === '/topapi/user/listsimple') {
      const dept = String(body.dept_id ?? '');
      const cursor = Number(body.cursor ?? 0);
      const size = Math.min(Number(body.size ?? 100), 2);
      const all = dir.people.filter((u) => u.departments.includes(dept));
      const more = cursor + size < all.length;
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        result: {
          has_more: more,
          ...(more ? { next_cursor: cursor + size } : {}),
          list: all.slice(cursor, cursor + size).map((u) => ({ userid: u.id, name: u.name })),
        },
        request_id: requestid,
      });
    }
    err(88, '没有调用该接口的权限');
  }
}

/** The env variables the adapters read their secrets from. */
export function setFakeSecrets(): void {
  process.env.TEST_WECOM_SECRET = FAKE_SECRETS.wecom;
  process.env.TEST_FEISHU_SECRET = FAKE_SECRETS.feishu;
  process.env.TEST_DINGTALK_SECRET = FAKE_SECRETS.dingtalk;
}
