import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import { api, body } from '../helper';
import { FakeComfy, comfyRouteOf } from './fake-tools';
import {
  buildEmbeddedApp,
  eventually,
  openSocket,
  openTool,
  rawRequest,
  tokenFor,
  toolFetch,
  type OpenSocket,
} from './helpers';

/** User A against user B on one shared ComfyUI: nothing of A's may reach B, in any way. */
let t: TestApp;
let comfy: FakeComfy;
const users: Record<
  'a' | 'b',
  { token: string; userId: number; cookie: string; promptId: string; socket?: OpenSocket }
> = {} as never;

async function queuePrompt(cookie: string, clientId: string, spelling = '/api/prompt'): Promise<string> {
  const res = await toolFetch(t, cookie, `/embedded/comfyui${spelling}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      prompt: { '3': { class_type: 'KSampler' } },
      client_id: clientId,
      front: true,
      prompt_id: 'mine',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { prompt_id: string }).prompt_id;
}

async function json(cookie: string, path: string, init: RequestInit = {}) {
  const res = await toolFetch(t, cookie, `/embedded/comfyui${path}`, init);
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
}

function post(cookie: string, path: string, payload: unknown) {
  return toolFetch(t, cookie, `/embedded/comfyui${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

beforeAll(async () => {
  comfy = await new FakeComfy().start();
  t = await buildEmbeddedApp({ comfy });
  for (const [key, login] of [
    ['a', 'anna'],
    ['b', 'bert'],
  ] as const) {
    const user = await tokenFor(t, login);
    const cookie = await openTool(t, user.token, 'comfyui');
    users[key] = { ...user, cookie, promptId: '' };
  }
  users.a.socket = await openSocket(t, '/embedded/comfyui/ws?clientId=tabA', { cookie: users.a.cookie });
  // B tries to take A's client id as ComfyUI would know it.
  users.b.socket = await openSocket(t, `/embedded/comfyui/ws?clientId=p${users.a.userId}-tabA`, {
    cookie: users.b.cookie,
  });
  users.a.promptId = await queuePrompt(users.a.cookie, 'tabA');
  users.b.promptId = await queuePrompt(users.b.cookie, 'tabB', '/prompt');
});
afterAll(async () => {
  users.a?.socket?.ws.close();
  users.b?.socket?.ws.close();
  await t?.close();
  await comfy?.close();
});

describe('ComfyUI shared by two users', () => {
  it('gives every socket and prompt a client id of its own user', () => {
    const sockets = [...comfy.sockets].map((s) => new URL(s.url, 'http://x').searchParams.get('clientId'));
    expect(sockets).toContain(`p${users.a.userId}-tabA`);
    expect(sockets).toContain(`p${users.b.userId}-tabA`);
    const queued = comfy.seen.filter((s) => s.method === 'POST' && s.url.endsWith('prompt'));
    const bodies = queued.map((s) => JSON.parse(s.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.client_id)).toEqual([`p${users.a.userId}-tabA`, `p${users.b.userId}-tabB`]);
    // The caller cannot choose the id or jump the queue.
    for (const b of bodies) {
      expect(b).not.toHaveProperty('front');
      expect(b).not.toHaveProperty('prompt_id');
    }
  });

  it('shows each user only their own queue', async () => {
    for (const [me, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      for (const path of ['/queue', '/api/queue']) {
        const queue = await json(users[me].cookie, path);
        const text = JSON.stringify(queue.body);
        expect(text).toContain(users[me].promptId);
        expect(text).not.toContain(users[other].promptId);
      }
    }
  });

  it('lets B clear and delete only B’s queue items', async () => {
    const extra = await queuePrompt(users.b.cookie, 'tabB');
    expect((await post(users.b.cookie, '/queue', { delete: [users.a.promptId] })).status).toBe(200);
    expect((await post(users.b.cookie, '/api/queue', { clear: true })).status).toBe(200);
    const pending = comfy.pending.map((p) => p.id);
    expect(pending).toContain(users.a.promptId);
    expect(pending).not.toContain(extra);
    expect(pending).not.toContain(users.b.promptId);
    users.b.promptId = await queuePrompt(users.b.cookie, 'tabB');
  });

  it('requires the caller’s own prompt id to interrupt', async () => {
    comfy.seen.length = 0;
    expect((await post(users.b.cookie, '/interrupt', {})).status).toBe(400);
    expect((await post(users.b.cookie, '/api/interrupt', { prompt_id: users.a.promptId })).status).toBe(404);
    expect(comfy.seen.filter((s) => s.url.includes('interrupt'))).toEqual([]);
    expect((await post(users.a.cookie, '/interrupt', { prompt_id: users.a.promptId })).status).toBe(200);
    const sent = comfy.seen.filter((s) => s.url.includes('interrupt'));
    expect(sent.map((s) => JSON.parse(s.body))).toEqual([{ prompt_id: users.a.promptId }]);
  });

  it('sends each user only their own progress over the WebSocket', async () => {
    comfy.run(users.a.promptId);
    comfy.run(users.b.promptId);
    const progressOf = (key: 'a' | 'b') =>
      users[key].socket!.messages.filter((m) => typeof m.data?.prompt_id === 'string').map((m) => m.data!.prompt_id);
    await eventually('A’s progress', () => progressOf('a').filter((id) => id === users.a.promptId).length === 6);
    await eventually('B’s progress', () => progressOf('b').filter((id) => id === users.b.promptId).length === 6);
    // Messages after B's last one prove A's were dropped, not still on their way.
    expect(progressOf('a')).not.toContain(users.b.promptId);
    expect(progressOf('b')).not.toContain(users.a.promptId);
    comfy.broadcast({ type: 'logs', data: { entries: [{ m: `got prompt ${users.b.promptId}` }] } });
    comfy.broadcast({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } } } });
    await eventually('the later status', () => users.a.socket!.messages.filter((m) => m.type === 'status').length >= 2);
    const types = users.a.socket!.messages.map((m) => m.type);
    expect(types).not.toContain('logs');
    expect(types).toEqual(
      expect.arrayContaining(['status', 'execution_start', 'progress', 'executed', 'execution_success']),
    );
  });

  it('shows each user only their own history, by list and by id', async () => {
    const mine = await json(users.a.cookie, '/history');
    expect(Object.keys(mine.body)).toEqual([users.a.promptId]);
    const theirs = await json(users.b.cookie, '/api/history');
    expect(Object.keys(theirs.body)).toEqual([users.b.promptId]);
    expect((await json(users.b.cookie, `/history/${users.a.promptId}`)).body).toEqual({});
    expect(Object.keys((await json(users.a.cookie, `/api/history/${users.a.promptId}`)).body)).toEqual([
      users.a.promptId,
    ]);
  });

  it('serves /view only for the user’s own outputs', async () => {
    const file = `out-${users.a.promptId}.png`;
    const own = await toolFetch(t, users.a.cookie, `/embedded/comfyui/view?filename=${file}&type=output&subfolder=`);
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(`PNG:${file}`);
    comfy.seen.length = 0;
    for (const query of [
      `filename=${file}&type=output`,
      `filename=${encodeURIComponent(`${file} [output]`)}`,
      `filename=${file}&type=temp`,
      `filename=${file}&subfolder=x`,
    ]) {
      expect((await toolFetch(t, users.b.cookie, `/embedded/comfyui/api/view?${query}`)).status, query).toBe(404);
    }
    expect(comfy.seen).toEqual([]);
  });

  it('lets B clear only B’s history', async () => {
    expect((await post(users.b.cookie, '/history', { clear: true })).status).toBe(200);
    expect((await post(users.b.cookie, '/history', { delete: [users.a.promptId] })).status).toBe(200);
    expect(comfy.history.has(users.a.promptId)).toBe(true);
    expect(comfy.history.has(users.b.promptId)).toBe(false);
  });

  it('shows nobody the server’s log, and each user only their own files of a folder', async () => {
    comfy.seen.length = 0;
    expect((await json(users.b.cookie, '/internal/logs')).body).toBe('');
    expect((await json(users.b.cookie, '/internal/logs/raw')).body).toMatchObject({ entries: [] });
    const subscribe = await toolFetch(t, users.b.cookie, '/embedded/comfyui/internal/logs/subscribe', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'tabB', enabled: true }),
    });
    expect(subscribe.status).toBe(200);
    expect(comfy.seen.filter((s) => s.url.includes('/logs'))).toEqual([]);
    // The folder holds A's output (B cleared B's history above); A has seen it in A's history.
    const ofA = `out-${users.a.promptId}.png`;
    expect((await json(users.a.cookie, '/internal/files/output')).body).toEqual([ofA]);
    expect((await json(users.a.cookie, '/internal/files/output?full_info=true')).body).toEqual([
      expect.objectContaining({ name: ofA }),
    ]);
    expect((await json(users.b.cookie, '/internal/files/output')).body).toEqual([]);
    expect((await json(users.b.cookie, '/internal/files/output?full_info=true')).body).toEqual([]);
    // Only ComfyUI's three folders are asked for; any other name is not found here.
    comfy.seen.length = 0;
    expect((await json(users.b.cookie, '/internal/files/models')).status).toBe(404);
    expect(comfy.seen).toEqual([]);
  });

  it('refuses the endpoints that act on everyone', async () => {
    expect((await post(users.b.cookie, '/free', { unload_models: true })).status).toBe(403);
    expect((await post(users.b.cookie, `/api/jobs/${users.a.promptId}/cancel`, {})).status).toBe(403);
  });

  it('lists each user only their own jobs, paged among their own', async () => {
    // A's newest prompt is first in ComfyUI's list: a page of one cut there would hold only A's.
    const newest = await queuePrompt(users.a.cookie, 'tabA');
    const b = await json(users.b.cookie, '/api/jobs?limit=1');
    expect(b.status).toBe(200);
    expect(JSON.stringify(b.body)).not.toContain(users.a.promptId);
    expect(JSON.stringify(b.body)).not.toContain(newest);
    expect(b.body.pagination).toMatchObject({ offset: 0, limit: 1, total: 0, has_more: false });
    const a = await json(users.a.cookie, '/jobs?limit=1');
    expect((a.body.jobs as Array<{ id: string }>).map((j) => j.id)).toEqual([newest]);
    expect(a.body.pagination).toMatchObject({ offset: 0, limit: 1, total: 2, has_more: true });
    const second = await json(users.a.cookie, '/jobs?offset=1&limit=1');
    expect((second.body.jobs as Array<{ id: string }>).map((j) => j.id)).toEqual([users.a.promptId]);
    // One job: the caller's, or not found; its preview is then the caller's to view.
    expect((await json(users.b.cookie, `/api/jobs/${users.a.promptId}`)).status).toBe(404);
    const own = await json(users.a.cookie, `/api/jobs/${users.a.promptId}`);
    expect(own.body).toMatchObject({ id: users.a.promptId, status: 'completed' });
    comfy.pending = comfy.pending.filter((p) => p.id !== newest);
  });

  it('applies the same separation to the API for scripts', async () => {
    const res = await api(t, users.b.token, { method: 'POST', url: '/api/comfyui', payload: { path: '/history' } });
    const env = body<{ status: number; body: Record<string, unknown> }>(res);
    expect(env.code).toBe(0);
    expect(env.data.body).toEqual({});
    const a = body<{ body: Record<string, unknown> }>(
      await api(t, users.a.token, { method: 'POST', url: '/api/comfyui', payload: { path: '/api/history' } }),
    );
    expect(Object.keys(a.data.body)).toEqual([users.a.promptId]);
    const view = body<{ status: number }>(
      await api(t, users.b.token, {
        method: 'POST',
        url: '/api/comfyui',
        payload: { path: `/view?filename=out-${users.a.promptId}.png` },
      }),
    );
    expect(view.data.status).toBe(404);
  });
});

/** ComfyUI's endpoints that act on or show everyone's work (as aiohttp matches them): only the gateway may call them. */
function globalRoute(route: string): boolean {
  return /^\/(queue|history|history\/[^/]+|view|prompt|interrupt|free|upload\/(image|mask)|jobs|jobs\/[^/]+|internal\/logs(\/raw)?|internal\/files\/[^/]+)$/.test(
    route,
  );
}

/**
 * Other spellings of one ComfyUI route (`queue`, `history/<id>`): percent-encoded letters (in
 * either hex case, and double-encoded), an encoded slash after `api`, other letter case, extra
 * or trailing slashes, dot segments, and `?`/`#` smuggled into the path.
 */
function oddSpellings(route: string): string[] {
  const hex = (c: string) => c.charCodeAt(0).toString(16);
  const first = route[0]!;
  const rest = route.slice(1);
  const upperLast = route.slice(0, -1) + `%${hex(route.at(-1)!).toUpperCase()}`;
  const capital = first.toUpperCase() + rest;
  return [
    `/%${hex(first)}${rest}`,
    `/api/%${hex(first)}${rest}`,
    `/${upperLast}`,
    `/%25${hex(first)}${rest}`,
    `/api%2F${route}`,
    `/api%2f${route}`,
    `/%61pi/${route}`,
    `/${capital}`,
    `/api/${route.toUpperCase()}`,
    `/${route}/`,
    `//${route}`,
    `/api//${route}`,
    `/./${route}`,
    `/${route}%3Fx=1`,
    `/${route}%23x`,
    `/${route}#x`,
  ];
}

describe('ComfyUI path spellings', () => {
  it('never lets B reach A’s work or an unfiltered ComfyUI endpoint by spelling a path differently', async () => {
    const pendingOfA = await queuePrompt(users.a.cookie, 'tabA');
    const image = `out-${users.a.promptId}.png`;
    const secrets = [users.a.promptId, pendingOfA, image];
    const pendingBefore = comfy.pending.map((p) => p.id);
    const historyBefore = [...comfy.history.keys()];
    const attempts: Array<{ method: string; route: string; query?: string; body?: unknown }> = [
      { method: 'GET', route: 'queue' },
      { method: 'GET', route: 'history' },
      { method: 'GET', route: `history/${users.a.promptId}` },
      { method: 'GET', route: 'view', query: `filename=${image}&type=output` },
      { method: 'POST', route: 'prompt', body: { prompt: { '3': { class_type: 'KSampler' } }, client_id: 'tabA' } },
      { method: 'POST', route: 'interrupt', body: {} },
      { method: 'POST', route: 'free', body: { unload_models: true } },
      { method: 'POST', route: 'queue', body: { clear: true } },
      { method: 'POST', route: 'history', body: { clear: true } },
      { method: 'GET', route: 'jobs' },
      { method: 'GET', route: 'internal/logs' },
      { method: 'GET', route: 'internal/files/output' },
    ];
    comfy.seen.length = 0;
    const leaks: string[] = [];
    for (const attempt of attempts) {
      for (const spelling of oddSpellings(attempt.route)) {
        const target = `/embedded/comfyui${spelling}${attempt.query ? `${spelling.includes('#') ? '&' : '?'}${attempt.query}` : ''}`;
        const answer = await rawRequest(t, target, {
          cookie: users.b.cookie,
          method: attempt.method,
          ...(attempt.body !== undefined && { body: JSON.stringify(attempt.body) }),
        });
        const what = `${attempt.method} ${target} → ${answer.status}`;
        if (secrets.some((secret) => answer.text.includes(secret))) leaks.push(`${what} showed A’s work`);
        // `history/<id>%3Fx` names another prompt id (`<id>?x`), which the gateway answers as unknown.
        const otherId = attempt.route.startsWith('history/') && /%3F|%23/.test(spelling);
        if (otherId ? answer.text !== '{}' : ![400, 404].includes(answer.status)) leaks.push(`${what} was not refused`);
        // Refused by the portal (the router's page, whether the fast path saw it first or not), not by the tool.
        if (!otherId && !/请求路径不合法|请求的地址不存在/.test(answer.text))
          leaks.push(`${what} answered “${answer.text}”`);
      }
    }
    for (const seen of comfy.seen) {
      const route = comfyRouteOf(seen.url);
      if (route === undefined || globalRoute(route))
        leaks.push(`ComfyUI received ${seen.method} ${seen.url} unfiltered`);
    }
    expect(leaks).toEqual([]);
    expect(comfy.pending.map((p) => p.id)).toEqual(pendingBefore);
    expect([...comfy.history.keys()]).toEqual(historyBefore);
    // The plain spellings still work, filtered.
    const queue = await json(users.b.cookie, '/queue');
    expect(queue.status).toBe(200);
    expect(JSON.stringify(queue.body)).not.toContain(pendingOfA);
    expect(JSON.stringify((await json(users.a.cookie, '/api/queue')).body)).toContain(pendingOfA);
  });

  it('passes encoded slashes of other paths on as they came, and HEAD of a per-user path to the gateway', async () => {
    comfy.seen.length = 0;
    // ComfyUI's own spelling of a saved workflow: the slash inside the file name stays encoded.
    const workflow = '/api/userdata/workflows%2Fmine%20(1).json';
    const answer = await rawRequest(t, `/embedded/comfyui${workflow}`, { cookie: users.b.cookie });
    expect(answer.contentType).toContain('application/json');
    expect(comfy.seen.map((s) => s.url)).toEqual([workflow]);
    comfy.seen.length = 0;
    const head = await rawRequest(t, '/embedded/comfyui/queue', { cookie: users.b.cookie, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(comfy.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /queue']);
  });
});
