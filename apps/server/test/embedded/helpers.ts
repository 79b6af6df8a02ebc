import { request as httpRequest } from 'node:http';
import type { EmbeddedAppKey, SdWebUICodeResponse } from '@portal/contract';
import WebSocket from 'ws';
import { embeddedConfigSchema } from '../../src/modules/embedded/config';
import { api, body, buildTestApp, type TestApp } from '../helper';
import type { FakeComfy, FakeSd } from './fake-tools';

export interface EmbeddedTestOptions {
  comfy?: FakeComfy;
  sd?: FakeSd;
  embedded?: Record<string, unknown>;
}

export async function buildEmbeddedApp(opts: EmbeddedTestOptions): Promise<TestApp> {
  return buildTestApp({
    config: (c) => ({
      ...c,
      embedded: embeddedConfigSchema.parse({
        recheck_ms: 100,
        ...(opts.comfy && { comfyui: { url: opts.comfy.url } }),
        ...(opts.sd && { stablediffusion: { url: opts.sd.url } }),
        ...opts.embedded,
      }),
    }),
  });
}

/** An access token for a user of that login, created on first use (the demo accounts are only two). */
export async function tokenFor(t: TestApp, login: string): Promise<{ token: string; userId: number }> {
  const { users, sessions } = t.app.services;
  const user = await users.upsertFromClaims({
    subject: login,
    login,
    userName: login,
    email: `${login}@example.com`,
    mobile: '',
    avatar: '',
    groups: [],
  });
  const started = await sessions.start(user);
  return { token: started.access_token.token, userId: user.id };
}

export async function getCode(t: TestApp, token: string, appKey: EmbeddedAppKey) {
  return body<SdWebUICodeResponse>(
    await api(t, token, { method: 'POST', url: '/api/designer/sdwebui/getSDWebUICode', payload: { app_key: appKey } }),
  );
}

/** Loads the embed address like the frame does; returns the status, where it leads and the cookie it set. */
export async function enter(t: TestApp, embedUrl: string) {
  const res = await fetch(`${t.baseUrl}${embedUrl}`, { redirect: 'manual' });
  const setCookie = res.headers.getSetCookie()[0] ?? '';
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie,
    cookie: setCookie.split(';')[0] ?? '',
  };
}

/** A cookie for the tool, the way the page gets one: code, then the embed address. */
export async function openTool(t: TestApp, token: string, appKey: EmbeddedAppKey): Promise<string> {
  const code = await getCode(t, token, appKey);
  if (code.code !== 0) throw new Error(`no code: ${code.message}`);
  const entered = await enter(t, code.data.embed_url);
  if (entered.status !== 302) throw new Error(`enter refused: ${entered.status}`);
  return entered.cookie;
}

export function toolFetch(t: TestApp, cookie: string, path: string, init: RequestInit = {}) {
  return fetch(`${t.baseUrl}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
  });
}

/**
 * A request whose target reaches the server exactly as written (fetch would normalise dot
 * segments, backslashes and fragments away); the answer read whole.
 */
export function rawRequest(
  t: TestApp,
  target: string,
  opts: { cookie: string; method?: string; body?: string },
): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(t.baseUrl);
  const headers: Record<string, string> = { cookie: opts.cookie };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: target, method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A WebSocket through the proxy that collects what it receives. */
export interface OpenSocket {
  ws: WebSocket;
  messages: Array<{ type?: string; msg?: string; data?: Record<string, unknown> }>;
  closed: Promise<number>;
}

export function openSocket(t: TestApp, path: string, headers: Record<string, string>): Promise<OpenSocket> {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}${path}`, { headers });
  const messages: OpenSocket['messages'] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as OpenSocket['messages'][number]));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Waits for a condition, tolerating a busy machine; fails with the description. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
