import { describe, expect, it } from 'vitest';
import {
  appListResponseSchema,
  loginResponseSchema,
  markNoticesReadResponseSchema,
  noticeListResponseSchema,
  refreshResponseSchema,
  runtimeConfigSchema,
  tokenKeyResponseSchema,
  userInfoResponseSchema,
} from '@portal/contract';
import {
  appListResponseParser,
  loginResponseParser,
  markNoticesReadResponseParser,
  noticeListResponseParser,
  parseRuntimeConfig,
  refreshResponseParser,
  tokenKeyResponseParser,
  userInfoResponseParser,
} from '../../src/lib/parsers';
import { accountInfo, appEntry } from '../../src/testing/fixtures';

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
    name: 'notices',
    parser: noticeListResponseParser,
    schema: noticeListResponseSchema,
    good: {
      list: [
        {
          id: 1,
          kind: 'access_request.denied',
          title: '「DeepSeek」的使用申请未通过',
          body: '原因：暂不开放',
          link: '/landing?appKey=deepseek',
          read: false,
          created_at: '2026-11-22T08:00:00.000Z',
        },
      ],
      unread: 1,
    },
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

  it('reads the notices-read answer like the schema', () => {
    for (const value of [{ unread: 0 }, { unread: 1.5 }, { unread: '1' }, {}]) {
      expect(markNoticesReadResponseParser.safeParse(value).success).toBe(
        markNoticesReadResponseSchema.safeParse(value).success,
      );
    }
  });

  it('fills runtime config defaults like the schema', () => {
    expect(parseRuntimeConfig({})).toEqual(runtimeConfigSchema.parse({}));
    const file = {
      clientId: 'portal',
      title: '门户',
      apiDomain: 'https://api.example.com/',
      bfaUrl: '/bfa',
      bfaAutoFinishDelay: { chatgpt: 30000 },
      imageHosts: ['img.example.com', '*.cdn.example.com'],
    };
    expect(parseRuntimeConfig(file)).toEqual(runtimeConfigSchema.parse(file));
    expect(parseRuntimeConfig({ title: 5, bfaAutoFinishDelay: { a: -1, b: 2 } })).toMatchObject({
      title: 'AI 门户',
      bfaAutoFinishDelay: { b: 2 },
    });
  });
});
