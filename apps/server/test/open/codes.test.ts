import type { JumpCodeResponse, RedeemCodeResponse, TokenKeyResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

let t: TestApp;
let staff: string;
let staffId: number;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  const tokens = await issueTokensFor(t, 'staff');
  staff = tokens.access_token.token;
  staffId = tokens.account_info.id;
  secret = t.config.apps.find((a) => a.app_key === 'knowledge')?.secret ?? '';
});
afterAll(async () => {
  await t?.close();
});

const redeem = (app_key: string, code: string, key = secret) =>
  t.app.inject({
    method: 'POST',
    url: '/api/open/code/redeem',
    headers: { authorization: `Bearer ${key}` },
    payload: { app_key, code },
  });

describe('one-time codes for external apps', () => {
  it('issues a token key, redeems it once for the user identity', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/studio/get_token_key?app_key=knowledge' });
    const { token_key, expires_in } = body<TokenKeyResponse>(res).data;
    expect(expires_in).toBe(60);
    const first = await redeem('knowledge', token_key);
    expect(body<RedeemCodeResponse>(first).data).toEqual({
      user_id: staffId,
      user_name: '张三',
      mobile: '13800000002',
      email: 'staff@example.com',
      avatar: '',
      app_key: 'knowledge',
    });
    const second = await redeem('knowledge', token_key);
    expect(second.statusCode).toBe(400);
    expect(body(second)).toEqual({ code: 4001, message: '一次性授权码无效或已使用', data: null });
  });

  it('jump codes work the same way', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/user/getJumpCode?app_key=knowledge' });
    const { code } = body<JumpCodeResponse>(res).data;
    expect(body(await redeem('knowledge', code)).code).toBe(0);
  });

  it('refuses a wrong secret without consuming the code', async () => {
    const { token_key } = body<TokenKeyResponse>(
      await api(t, staff, { method: 'GET', url: '/api/studio/get_token_key?app_key=knowledge' }),
    ).data;
    const wrong = await redeem('knowledge', token_key, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).message).toBe('应用凭证无效');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/open/code/redeem',
      payload: { app_key: 'knowledge', code: token_key },
    });
    expect(none.statusCode).toBe(401);
    expect(body(await redeem('knowledge', token_key)).code).toBe(0);
  });

  it('refuses a code made for another app', async () => {
    const { token_key } = body<TokenKeyResponse>(
      await api(t, staff, { method: 'GET', url: '/api/studio/get_token_key?app_key=chatgpt' }),
    ).data;
    expect(body(await redeem('knowledge', token_key)).code).toBe(4001);
    expect((await redeem('chatgpt', token_key, secret)).statusCode).toBe(401);
  });

  it('only for apps the user may open', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/studio/get_token_key?app_key=deepseek' });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(4003);
    const jump = await api(t, staff, { method: 'GET', url: '/api/user/getJumpCode?app_key=addbg' });
    expect(body(jump).code).toBe(4003);
    const unknown = await api(t, staff, { method: 'GET', url: '/api/studio/get_token_key?app_key=nope' });
    expect(body(unknown).code).toBe(4004);
  });
});
