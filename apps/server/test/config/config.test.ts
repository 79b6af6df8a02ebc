import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error';
import { parseConfig } from '../../src/config/load';
import { exampleConfig } from '../helper';

describe('config file', () => {
  it('the committed example is valid and has the spec apps and demo accounts', () => {
    const config = exampleConfig();
    const keys = config.apps.map((a) => a.app_key);
    for (const key of [
      'chatgpt',
      'deepseek',
      'metaso',
      'brainstorm',
      'insight',
      'pdf',
      'report',
      'marketing',
      'red',
      'addbg',
      'stablediffusion',
      'comfyui',
      'mscopilot',
    ]) {
      expect(keys).toContain(key);
    }
    expect(config.apps.some((a) => a.app_url.startsWith('https://') && a.secret)).toBe(true);
    expect(config.demo_accounts.map((a) => [a.login, a.password])).toEqual(
      expect.arrayContaining([
        ['admin', 'admin123'],
        ['staff', 'staff123'],
      ]),
    );
  });

  it('fails with a message naming the bad field', () => {
    expect(() => parseConfig({ apps: [{ app_key: 'Bad Key', app_name: 'x', app_url: '/x' }] })).toThrow(ConfigError);
    expect(() => parseConfig({ apps: [{ app_key: 'Bad Key', app_name: 'x', app_url: '/x' }] })).toThrow(
      /apps\.0\.app_key/,
    );
    expect(() => parseConfig({ sso: { issuer: 'not a url' } })).toThrow(/sso\.issuer/);
    const dup = { app_key: 'abc', app_name: 'x', app_url: '/x' };
    expect(() => parseConfig({ apps: [dup, dup] })).toThrow(/duplicate app_key "abc"/);
  });
});
