import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../../src/lib/log-redaction';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/** NUL bytes refused everywhere, malformed URLs in the portal's envelope, secrets kept out of logs. */

let t: TestApp;
let token: string;
let convId: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await issueTokensFor(t, 'staff')).access_token.token;
  const created = await api(t, token, { method: 'POST', url: '/api/chatgpt/conversation/create', payload: {} });
  convId = body<{ conv_id: string }>(created).data.conv_id;
});
afterAll(async () => {
  await t?.close();
});

/** A raw request, so the path reaches the server exactly as written (no URL normalisation). */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('NUL bytes are refused in every input with 400 / 4001 naming the field', () => {
  const expectNul = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const env = body(res);
    expect(env.code).toBe(4001);
    expect(env.message).toBe(`参数 ${field} 不合法：不能包含空字符（\\u0000）`);
  };

  it('in a query id', async () => {
    expectNul(await api(t, token, { method: 'GET', url: '/api/chatgpt/message/list?conv_id=a%00b' }), 'conv_id');
  });

  it('in a title and a prompt (JSON bodies, nested too)', async () => {
    expectNul(
      await api(t, token, {
        method: 'POST',
        url: '/api/chatgpt/conversation/update',
        payload: { conv_id: convId, title: 'x\u0000y' },
      }),
      'title',
    );
    expectNul(
      await api(t, token, {
        method: 'POST',
        url: '/api/chatgpt/message/askStream',
        payload: { conv_id: convId, prompt: 'hello\u0000', model_type: 0 },
      }),
      'prompt',
    );
    expectNul(
      await api(t, token, {
        method: 'POST',
        url: '/api/admin/rules/set',
        payload: { a: [{ b: 'ok' }, { c: '\u0000' }] },
      }),
      'a.1.c',
    );
  });

  it('on the unauthenticated sign-in endpoints', async () => {
    expectNul(
      await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { code: 'a\u0000', state: 's' } }),
      'code',
    );
    expectNul(await t.app.inject({ method: 'GET', url: '/api/user/authorize?from=%2Fhome%00' }), 'from');
    expectNul(
      await t.app.inject({ method: 'POST', url: '/api/user/refreshToken', payload: { refresh_token: '\u0000' } }),
      'refresh_token',
    );
  });

  it('in object keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/authorize?from=%2Fhome&k%00=1' });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(4001);
  });
});

describe('malformed URL escapes', () => {
  it('answer 400 with the portal envelope, not the framework body', async () => {
    for (const path of ['/api/%64eepseek/models%', '/api/chatgpt/message/list%zz', '/api/%E0%A4%A']) {
      const res = await rawGet(t.baseUrl, path);
      expect(res.status).toBe(400);
      const env = JSON.parse(res.text) as { code: number; message: string; data: unknown };
      expect(env).toEqual({ code: 4001, message: '请求参数不合法：请求地址格式不正确', data: null });
      expect(res.text).not.toContain('FST_ERR');
    }
  });
});

describe('logs never hold codes, states, tokens or one-time codes', () => {
  it('redacts secret query values, also nested in an encoded parameter', () => {
    expect(redactUrl('/login?code=abc&state=def&from=%2Fhome')).toBe(
      '/login?code=[REDACTED]&state=[REDACTED]&from=%2Fhome',
    );
    expect(redactUrl('/api/user/authorize?from=%2Fx%3Fblueaicode%3Dsecret1%26y%3D1')).toBe(
      '/api/user/authorize?from=%2Fx%3Fblueaicode%3D[REDACTED]%26y%3D1',
    );
    expect(redactUrl('/oidc/auth?client_id=p&nonce=n1&code_challenge=cc')).toBe(
      '/oidc/auth?client_id=p&nonce=[REDACTED]&code_challenge=cc',
    );
    expect(redactUrl('/api/chatgpt/models')).toBe('/api/chatgpt/models');
  });

  it('keeps them out of every line the server writes', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildTestApp({ logger: loggerOptions('debug', sink) });
    const { app } = logged;
    try {
      const secrets = ['codeSECRET1', 'stateSECRET2', 'refreshSECRET3', 'blueSECRET4', 'accessSECRET5'];
      await app.inject({ method: 'GET', url: `/login?code=${secrets[0]}&state=${secrets[1]}` });
      await app.inject({ method: 'POST', url: '/api/user/login', payload: { code: secrets[0], state: secrets[1] } });
      await app.inject({ method: 'POST', url: '/api/user/refreshToken', payload: { refresh_token: secrets[2] } });
      await app.inject({ method: 'GET', url: `/api/open/code/redeem?blueaicode=${secrets[3]}` });
      await app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${secrets[4]}` } });
      await app.inject({
        method: 'GET',
        url: `/api/user/authorize?from=${encodeURIComponent(`/x?code=${secrets[0]}`)}`,
      });
      const log = lines.join('');
      expect(log).toContain('/api/user/refreshToken');
      expect(log).toContain('[REDACTED]');
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
