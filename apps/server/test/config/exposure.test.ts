import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error';
import { builtinProviderEnabled, checkExposure, EXAMPLE_DEMO_PASSWORDS } from '../../src/config/exposure';
import { parseConfig } from '../../src/config/load';
import { isLoopbackHost } from '../../src/config/loopback';
import type { PortalConfig } from '../../src/config/schema';
import { readEnv } from '../../src/env';
import { exampleConfig } from '../helper';

const local = { publicUrl: 'http://localhost:8080' };
const wecom = {
  corp_id: 'ww0123456789abcdef',
  agent_id: '1000002',
  secret_env: 'WECOM_SECRET',
  api_base: 'https://qyapi.weixin.qq.com',
  login_base: 'https://login.work.weixin.qq.com',
  oauth_base: 'https://open.weixin.qq.com',
  root_department: '1',
};

function withWecom(c: PortalConfig, breakGlass = false): PortalConfig {
  return { ...c, sso: { ...c.sso, providers: { ...c.sso.providers, wecom }, builtin_break_glass: breakGlass } };
}

/** The example with passwords and app secrets an operator chose. */
function ownSecrets(c: PortalConfig): PortalConfig {
  return {
    ...c,
    demo_accounts: c.demo_accounts.map((a) => ({ ...a, password: `${a.login}-Own-Pass-7f3k` })),
    apps: c.apps.map((a) => (a.secret ? { ...a, secret: 'a-random-secret-of-our-own-91cd' } : a)),
  };
}

describe('the built-in provider next to SSO', () => {
  it('is on without SSO and off as soon as any provider is configured', () => {
    const example = exampleConfig();
    expect(builtinProviderEnabled(example)).toBe(true);
    expect(builtinProviderEnabled(withWecom(example))).toBe(false);
    expect(builtinProviderEnabled({ ...example, sso: { ...example.sso, issuer: 'https://sso.example.com' } })).toBe(
      false,
    );
  });

  it('stays on next to a workplace provider only with sso.builtin_break_glass', () => {
    expect(builtinProviderEnabled(withWecom(exampleConfig(), true))).toBe(true);
  });

  it('refuses break-glass while a demo account has the example password, naming the setting', () => {
    const config = withWecom(exampleConfig(), true);
    expect(() => checkExposure(config, local)).toThrow(ConfigError);
    expect(() => checkExposure(config, local)).toThrow(/sso\.builtin_break_glass.*"admin", "staff".*example password/);
    const onlyStaffWeak = {
      ...config,
      demo_accounts: config.demo_accounts.map((a) => (a.login === 'admin' ? { ...a, password: 'Own-Pass-7f3k' } : a)),
    };
    expect(() => checkExposure(onlyStaffWeak, local)).toThrow(/demo_accounts "staff" still/);
  });

  it('accepts break-glass with passwords of the operator', () => {
    expect(checkExposure(ownSecrets(withWecom(exampleConfig(), true)), { ...local, host: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('refuses break-glass next to an issuer: the built-in provider would never be reached', () => {
    const c = ownSecrets(exampleConfig());
    const config = { ...c, sso: { ...c.sso, issuer: 'https://sso.example.com', builtin_break_glass: true } };
    expect(() => checkExposure(config, local)).toThrow(/sso\.builtin_break_glass.*sso\.issuer/);
  });
});

describe('the listening address', () => {
  it('is 127.0.0.1 while demo accounts are active and HOST is unset (npm start on a fresh clone)', () => {
    expect(readEnv({}).host).toBeUndefined();
    expect(checkExposure(exampleConfig(), local)).toBe('127.0.0.1');
  });

  it('is every interface without demo accounts, and HOST when set', () => {
    const c = ownSecrets(exampleConfig());
    expect(checkExposure({ ...c, demo_accounts: [] }, local)).toBe('0.0.0.0');
    expect(checkExposure(ownSecrets(withWecom(exampleConfig())), local)).toBe('0.0.0.0');
    expect(checkExposure(c, { ...local, host: '::1' })).toBe('::1');
    expect(checkExposure(c, { ...local, host: '192.168.1.20' })).toBe('192.168.1.20');
  });

  it('refuses a non-loopback HOST while the example passwords are unchanged, naming HOST', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.corp']) {
      expect(() => checkExposure(exampleConfig(), { ...local, host })).toThrow(
        new RegExp(`HOST=${host} .*"admin", "staff" still have the example password`),
      );
    }
    expect(checkExposure(exampleConfig(), { ...local, host: 'localhost' })).toBe('localhost');
  });

  it('refuses a non-loopback PUBLIC_URL (a proxy on this machine) while the example passwords are unchanged', () => {
    expect(() => checkExposure(exampleConfig(), { publicUrl: 'https://ai.example.com' })).toThrow(
      /PUBLIC_URL=https:\/\/ai\.example\.com .*example password/,
    );
  });

  it('lets the example passwords be while SSO has switched the demo accounts off', () => {
    const c = withWecom(exampleConfig());
    const config = { ...c, apps: ownSecrets(c).apps };
    expect(checkExposure(config, { ...local, host: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('knows which hosts are loopback', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST']) {
      expect(isLoopbackHost(h)).toBe(true);
    }
    for (const h of ['0.0.0.0', '::', '', '10.0.0.1', 'portal.corp', '128.0.0.1', 'localhost.evil.com']) {
      expect(isLoopbackHost(h)).toBe(false);
    }
  });
});

describe("the example's app secret", () => {
  const ownPasswords = (c: PortalConfig) => ({ ...c, demo_accounts: ownSecrets(c).demo_accounts });

  it('is accepted on a localhost demo', () => {
    expect(checkExposure(exampleConfig(), local)).toBe('127.0.0.1');
  });

  it('is refused on a networked portal: HOST, PUBLIC_URL or SSO configured', () => {
    const c = ownPasswords(exampleConfig());
    expect(() => checkExposure(c, { ...local, host: '0.0.0.0' })).toThrow(
      /apps "knowledge": secret is the example's placeholder .*HOST=0\.0\.0\.0/,
    );
    expect(() => checkExposure(c, { publicUrl: 'https://ai.example.com' })).toThrow(/"knowledge".*PUBLIC_URL=/);
    expect(() => checkExposure(withWecom(c), local)).toThrow(/"knowledge".*SSO is configured/);
  });

  it('matches what the example file ships', () => {
    const example = exampleConfig();
    expect(example.demo_accounts.map((a) => a.password).sort()).toEqual([...EXAMPLE_DEMO_PASSWORDS].sort());
    const secrets = example.apps.flatMap((a) => (a.secret ? [a.secret] : []));
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(secret.startsWith('change-me')).toBe(true);
  });
});

describe('the OIDC issuer', () => {
  it('refuses plain http beyond loopback at start, naming sso.issuer', () => {
    for (const issuer of ['http://sso.example.com/realms/staff', 'http://10.0.0.5:8080']) {
      expect(() => parseConfig({ sso: { issuer } })).toThrow(ConfigError);
      expect(() => parseConfig({ sso: { issuer } })).toThrow(/sso\.issuer: 须为 https:\/\/ 地址/);
    }
  });

  it('accepts https, and http on loopback (a local test provider)', () => {
    for (const issuer of ['https://sso.example.com/realms/staff', 'http://127.0.0.1:9000', 'http://localhost:9000']) {
      expect(parseConfig({ sso: { issuer } }).sso.issuer).toBe(issuer);
    }
  });
});
