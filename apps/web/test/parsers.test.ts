import { describe, expect, it } from 'vitest';
import {
  appListResponseSchema,
  loginResponseSchema,
  refreshResponseSchema,
  runtimeConfigSchema,
  tokenKeyResponseSchema,
  userInfoResponseSchema,
} from '@portal/contract';
import {
  appListResponseParser,
  loginResponseParser,
  parseRuntimeConfig,
  refreshResponseParser,
  tokenKeyResponseParser,
  userInfoResponseParser,
} from '../src/lib/parsers';
import { accountInfo, appEntry } from '../src/testing/fixtures';

const token = { token: 't', expire_at: 1 };
const cases = [
  {
    name: 'login',
    parser: loginResponseParser,
    schema: loginResponseSchema,
    good: { access_token: token, refresh_token: token, account_info: accountInfo(), redirect: '/home' },
  },
  {
    name: 'refresh',
    parser: refreshResponseParser,
    schema: refreshResponseSchema,
    good: { access_token: token, refresh_token: token },
  },
  {
    name: 'user info',
    parser: userInfoResponseParser,
    schema: userInfoResponseSchema,
    good: { account_info: accountInfo() },
  },
  {
    name: 'app list',
    parser: appListResponseParser,
    schema: appListResponseSchema,
    good: { list: [appEntry(), appEntry({ app_key: 'pdf' })] },
  },
  {
    name: 'token key',
    parser: tokenKeyResponseParser,
    schema: tokenKeyResponseSchema,
    good: { token_key: 'k', expires_in: 60 },
  },
] as const;

describe('first-screen parsers agree with the contract schemas', () => {
  it.each(cases)('$name accepts what the schema accepts', ({ parser, schema, good }) => {
    expect(schema.safeParse(good).success).toBe(true);
    expect(parser.safeParse(good)).toEqual({ success: true, data: good });
  });

  it.each(cases)('$name rejects a broken shape like the schema', ({ parser, schema, good }) => {
    const [firstKey] = Object.keys(good);
    const broken = { ...good, [firstKey as string]: 42 };
    expect(schema.safeParse(broken).success).toBe(false);
    expect(parser.safeParse(broken).success).toBe(false);
    expect(parser.safeParse(null).success).toBe(false);
  });

  it('rejects an app_list entry with a wrong field', () => {
    const bad = { account_info: accountInfo({ app_list: [{ ...appEntry(), be_authorized: 'yes' } as never] }) };
    expect(userInfoResponseSchema.safeParse(bad).success).toBe(false);
    expect(userInfoResponseParser.safeParse(bad).success).toBe(false);
  });

  it('fills runtime config defaults like the schema', () => {
    expect(parseRuntimeConfig({})).toEqual(runtimeConfigSchema.parse({}));
    const file = {
      clientId: 'portal',
      title: '门户',
      apiDomain: 'https://api.example.com/',
      bfaUrl: '/bfa',
      bfaAutoFinishDelay: { chatgpt: 30000 },
    };
    expect(parseRuntimeConfig(file)).toEqual(runtimeConfigSchema.parse(file));
    expect(parseRuntimeConfig({ title: 5, bfaAutoFinishDelay: { a: -1, b: 2 } })).toMatchObject({
      title: 'AI 门户',
      bfaAutoFinishDelay: { b: 2 },
    });
  });
});
