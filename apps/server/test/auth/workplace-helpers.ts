import type { AuthorizeMode, Envelope, LoginResponse, WorkplaceProvider } from '@portal/contract';
import type { PortalConfig } from '../../src/config/schema';
import { body, type TestApp } from '../helper';
import type { FakeWorkplace } from './fake-workplace';

/** A catalogue where only chatgpt is open to everyone, so other apps need a rule. */
export function workplaceConfig(fake: FakeWorkplace) {
  return (c: PortalConfig): PortalConfig => ({
    ...c,
    access_rules: [{ subject_type: 'everyone', subject: '*', app_key: 'chatgpt', effect: 'allow' }],
    sso: { ...c.sso, providers: fake.providersConfig() },
  });
}

/** The cookies a response sets, as a request header (the pending sign-in may be bound to them). */
function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return lines.map((l: string) => l.split(';')[0]).join('; ');
}

export async function startWorkplaceLogin(
  t: TestApp,
  provider: WorkplaceProvider,
  opts: { mode?: AuthorizeMode; from?: string } = {},
): Promise<{ url: string; cookie: string }> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/authorize',
    query: { provider, mode: opts.mode ?? 'web', from: opts.from ?? '/home' },
  });
  const env = body<{ url: string }>(res);
  if (env.code !== 0) throw new Error(`authorize failed: ${env.message}`);
  return { url: env.data.url, cookie: cookiesOf(res) };
}

export async function finishWorkplaceLogin(
  t: TestApp,
  cookie: string,
  code: string,
  state: string,
): Promise<{ status: number; env: Envelope<LoginResponse> }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { code, state },
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, env: body<LoginResponse>(res) };
}

/** The whole round trip: authorize, the person approves at the provider, login. */
export async function signInWith(
  t: TestApp,
  fake: FakeWorkplace,
  provider: WorkplaceProvider,
  personId: string,
  opts: { mode?: AuthorizeMode; expired?: boolean } = {},
) {
  const { url, cookie } = await startWorkplaceLogin(t, provider, opts);
  const { code, state } = fake.approve(url, provider, personId, { expired: opts.expired });
  return finishWorkplaceLogin(t, cookie, code, state);
}
