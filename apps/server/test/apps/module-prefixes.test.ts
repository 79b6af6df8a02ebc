import { apiPrefixAppKey, MODULES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

const prefixes = Object.keys(apiPrefixAppKey);
const appKeys = [...new Set(Object.values(MODULES).map((m) => m.appKey))];

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  // Staff loses every module's app; the administrator keeps them all.
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      access_rules: [
        ...c.access_rules,
        ...appKeys.map((app_key) => ({
          subject_type: 'user' as const,
          subject: 'staff',
          app_key,
          effect: 'deny' as const,
        })),
      ],
    }),
  });
  staff = (await issueTokensFor(t, 'staff')).access_token.token;
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
});
afterAll(async () => {
  await t?.close();
});

describe('every module prefix of the module table', () => {
  it('includes the old and the new ones', () => {
    for (const prefix of ['chatgpt', 'ernie', 'zhipu', 'deepseek', 'metaso', 'addbg', 'designer', 'pdf']) {
      expect(prefixes).toContain(prefix);
    }
    expect(apiPrefixAppKey.ernie).toBe('chatgpt');
    expect(apiPrefixAppKey.zhipu).toBe('chatgpt');
    expect(apiPrefixAppKey.designer).toBe('stablediffusion');
  });

  it.each(prefixes)('refuses /api/%s to a user without the app, for existing and unknown paths', async (prefix) => {
    for (const [method, url] of [
      ['GET', `/api/${prefix}/message/list?conv_id=x`],
      ['POST', `/api/${prefix}/message/ask`],
      ['POST', `/api/${prefix}/message/stop`],
      ['GET', `/api/${prefix}/anything`],
    ] as const) {
      const res = await api(t, staff, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(body(res).code).toBe(4003);
    }
  });

  it('lets the administrator through the gate on the new message paths', async () => {
    for (const url of [
      '/api/ernie/message/completion?message_id=none',
      '/api/zhipu/message/completion?message_id=none',
    ]) {
      const res = await api(t, admin, { method: 'GET', url });
      expect(body(res).code).not.toBe(4003);
    }
  });
});
