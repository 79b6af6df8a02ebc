import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBenchConfig } from '../bench/chat-bench-support';
import { startFakeUpstream, type FakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { nginxAvailable, startBalancer, type RunningBalancer } from './load-balancer';
import { signInOverHttp } from './oidc-login';
import { freePort, startPortal, type RunningPortal } from './portal-server';

/**
 * Two server processes (the compiled server, as `npm start` runs it) on one PostgreSQL database
 * and one Redis, nginx in front with round robin: the scale path of the README's recipe.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A Redis database of its own, emptied first, so rate-limit counters of earlier runs do not count.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const databaseName = `portal_replicas_${process.pid}`;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${databaseName}`);

async function services(): Promise<string | undefined> {
  if (!nginxAvailable()) return 'nginx is not installed';
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch {
    return 'no PostgreSQL';
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch {
    return 'no Redis';
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const missing = await services();
if (missing) console.warn(`replicas e2e skipped: ${missing}`);

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const adminQuery = (text: string) => query(adminUrl, text);
/** Reads the portal's own tables, to see which replica did what. */
const portalQuery = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  query<R>(databaseUrl, text, values);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const servedBy = (upstream: string, replica: RunningPortal) => upstream.endsWith(`:${replica.port}`);

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

let fake: FakeUpstream;
const replicas: RunningPortal[] = [];
let balancer: RunningBalancer;
let base: string;

beforeAll(async () => {
  if (missing) return;
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  fake = await startFakeUpstream();
  fake.setDefault({ tokens: Array.from({ length: 40 }, (_, i) => `t${i} `), intervalMs: 20 });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORTAL_CONFIG: writeBenchConfig(fake.baseUrl),
    TRUST_PROXY: 'true',
  };
  // One after the other: the first applies the migrations and seeds, the second finds them done.
  replicas.push(await startPortal(env, { publicUrl: base }));
  replicas.push(await startPortal(env, { publicUrl: base }));
  balancer = await startBalancer(
    replicas.map((r) => r.port),
    port,
  );
});

afterAll(async () => {
  await balancer?.stop();
  for (const replica of replicas) await replica.stop();
  await fake?.close();
  if (!missing) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function call<T>(
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<{ env: Envelope<T>; upstream: string; status: number }> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { env: (await res.json()) as Envelope<T>, upstream: res.headers.get('x-upstream') ?? '', status: res.status };
}

/** Opens an answer stream; resolves once `count` answer events arrived, with a reader for the rest. */
async function openStream(token: string, count: number) {
  const res = await fetch(`${base}/api/chatgpt/message/askStream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: '两个副本', model_type: 100, temperature: 1 }),
  });
  expect(res.status).toBe(200);
  const upstream = res.headers.get('x-upstream') ?? '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events = () => [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1]!, data: m[2]! }));
  const readUntil = async (done: () => boolean) => {
    while (!done()) {
      const chunk = await reader.read();
      if (chunk.done) return false;
      text += decoder.decode(chunk.value, { stream: true });
    }
    return true;
  };
  await readUntil(() => events().filter((e) => e.event === 'message').length >= count);
  const first = JSON.parse(events().find((e) => e.event === 'message')!.data) as {
    conv_id: string;
    message_id: string;
  };
  return {
    upstream,
    first,
    events,
    /** Reads to the end; false when the connection broke before a finish event. */
    finish: () => readUntil(() => events().some((e) => e.event === 'finish')).catch(() => false),
  };
}

describe.skipIf(missing)('two replicas behind nginx on one PostgreSQL and Redis', () => {
  let token: string;
  let refreshToken: string;

  it('signs in across both replicas and carries on through the other', async () => {
    // The sign-in's own requests (authorize, provider pages, login) already alternate.
    const login = await signInOverHttp(base, 'staff', 'staff123');
    token = login.access_token.token;
    refreshToken = login.refresh_token.token;
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { env, upstream } = await call<{ account_info: { user_name: string } }>('/api/user/info', token);
      expect(env.code).toBe(0);
      expect(env.data.account_info.user_name).toBe('张三');
      seen.add(upstream);
    }
    expect(seen.size).toBe(2);
    const refreshed = await call<{ access_token: { token: string }; refresh_token: { token: string } }>(
      '/api/user/refreshToken',
      token,
      { method: 'POST', body: JSON.stringify({ refresh_token: refreshToken }) },
    );
    expect(refreshed.env.code).toBe(0);
    token = refreshed.env.data.access_token.token;
    refreshToken = refreshed.env.data.refresh_token.token;
    expect((await call('/api/user/info', token)).env.code).toBe(0);
  });

  it('streams an answer from one replica while the next calls land on the other', async () => {
    const stream = await openStream(token, 2);
    const others: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { env, upstream } = await call<{ list: Array<{ conv_id: string }> }>(
        '/api/chatgpt/conversation/list?page=1&page_size=20',
        token,
      );
      expect(env.code).toBe(0);
      if (upstream !== stream.upstream) others.push(upstream);
    }
    expect(others.length).toBeGreaterThan(0);
    expect(await stream.finish()).toBe(true);
    const text = stream
      .events()
      .filter((e) => e.event === 'message')
      .map((e) => (JSON.parse(e.data) as { text: string }).text)
      .join('');
    expect(text).toBe(Array.from({ length: 40 }, (_, i) => `t${i} `).join(''));
    // Stored by one replica, read back through whichever the balancer picks.
    for (let i = 0; i < 2; i++) {
      const { env } = await call<{ list: Array<{ role: string; status: string; content: string }> }>(
        `/api/chatgpt/message/list?conv_id=${stream.first.conv_id}&page=1&page_size=20`,
        token,
      );
      expect(env.code).toBe(0);
      const answer = env.data.list.find((m) => m.role === 'assistant');
      expect(answer?.status).toBe('done');
      expect(answer?.content).toBe(text);
    }
  });

  it('shares the sign-in rate limit between the replicas through Redis', async () => {
    // The auth routes allow 20 calls a minute per client address. Counted per process, two
    // replicas would let about 40 through; shared, at most 20 (fewer: the sign-in above used some).
    const served = new Set<string>();
    let allowed = 0;
    let limited = false;
    for (let i = 0; i < 45 && !limited; i++) {
      const res = await fetch(`${base}/api/user/authorize?from=%2Fhome`);
      const env = (await res.json()) as Envelope;
      if (res.status === 429) {
        expect(env.code).toBe(4029);
        limited = true;
      } else {
        expect(env.code).toBe(0);
        allowed++;
        served.add(res.headers.get('x-upstream') ?? '');
      }
    }
    expect(limited).toBe(true);
    expect(allowed).toBeLessThanOrEqual(20);
    expect(served.size).toBe(2);
  });

  it('goes on with an answer whose client left, and the other replica streams the rest to a page that came back', async () => {
    const tokens = Array.from({ length: 60 }, (_, i) => `r${i} `);
    fake.setDefault({ tokens, intervalMs: 50 });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/chatgpt/message/askStream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '刷新后接着看', model_type: 100, temperature: 1 }),
      signal: controller.signal,
    });
    const owner = replicas.find((r) => servedBy(res.headers.get('x-upstream') ?? '', r))!;
    const other = replicas.find((r) => r !== owner)!;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/"text":"r1 "/.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
    const messageId = (/"message_id":"([^"]+)"/.exec(text) ?? [])[1]!;
    // The page is reloaded: its stream is gone, and it comes back through the other replica.
    controller.abort();
    const followed = await fetch(`http://127.0.0.1:${other.port}/api/chatgpt/message/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message_id: messageId }),
    });
    expect(followed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = [...(await followed.text()).matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({
      event: m[1]!,
      data: JSON.parse(m[2]!) as { text?: string; replace?: boolean; status?: string },
    }));
    let shown = '';
    for (const e of events.filter((x) => x.event === 'message'))
      shown = e.data.replace ? (e.data.text ?? '') : shown + (e.data.text ?? '');
    expect(shown).toBe(tokens.join(''));
    // Read from what the owner stored as it grew: the text so far, then more of it.
    expect(events.filter((e) => e.event === 'message').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    const stored = await portalQuery<{ status: string; content: string }>(
      'select status, content from chat_messages where id = $1',
      [messageId],
    );
    expect(stored[0]).toEqual({ status: 'done', content: tokens.join('') });
  });

  type AskedIds = { conv_id: string; message_id: string };
  type Completion = { status: string; content: string };
  const askErnie = (prompt: string) =>
    call<AskedIds>('/api/ernie/message/ask', token, {
      method: 'POST',
      body: JSON.stringify({ prompt, model_type: 200, temperature: 1 }),
    });
  const completion = (messageId: string) =>
    call<Completion>(`/api/ernie/message/completion?message_id=${messageId}`, token);

  it('stops an asynchronous answer from the replica its request did not land on', async () => {
    fake.setDefault({ tokens: Array.from({ length: 400 }, (_, i) => `s${i} `), intervalMs: 25 });
    let crossed = false;
    // The job lands on whichever replica takes it first; try until the stop call reaches the other.
    for (let attempt = 0; attempt < 6 && !crossed; attempt++) {
      const asked = await askErnie('异步停止');
      expect(asked.env.code).toBe(0);
      const id = asked.env.data.message_id;
      let owner: RunningPortal | undefined;
      for (let waited = 0; waited < 60_000 && !owner; waited += 250) {
        const rows = await portalQuery<{ owner_pid: number }>(
          'select owner_pid from generations where message_id = $1 and owner is not null',
          [id],
        );
        const { env } = await completion(id);
        if (rows[0] && env.data.content.length > 0) owner = replicas.find((r) => r.pid === rows[0]!.owner_pid);
        else await sleep(250);
      }
      expect(owner).toBeDefined();
      // nginx alternates (one worker, round robin): after a call served by the owner, the next goes elsewhere.
      for (let i = 0; i < 4; i++) if (servedBy((await call('/api/user/info', token)).upstream, owner!)) break;
      const stopped = await call<Completion>('/api/ernie/message/stop', token, {
        method: 'POST',
        body: JSON.stringify({ message_id: id }),
      });
      expect(stopped.env.code).toBe(0);
      expect(stopped.env.data.status).toBe('aborted');
      crossed = !servedBy(stopped.upstream, owner!);
      // The owner really stopped generating: the saved answer no longer grows, whoever is asked.
      const first = (await completion(id)).env.data;
      await sleep(1_500);
      const later = (await completion(id)).env.data;
      expect(later).toMatchObject({ status: 'aborted', content: first.content });
      expect(later.content.startsWith('s0 ')).toBe(true);
      expect(later.content.length).toBeLessThan(Array.from({ length: 400 }, (_, i) => `s${i} `).join('').length);
    }
    expect(crossed).toBe(true);
  });

  it('runs every durable job exactly once although both replicas take jobs', async () => {
    fake.setDefault({ tokens: ['一', '次'], intervalMs: 5 });
    const before = fake.chatRequests.length;
    const prompts = Array.from({ length: 20 }, (_, i) => `任务 ${i}`);
    const asked = await Promise.all(prompts.map((p) => askErnie(p)));
    for (const { env } of asked) expect(env.code).toBe(0);
    expect(new Set(asked.map((a) => a.upstream)).size).toBe(2);
    const ids = asked.map((a) => a.env.data.message_id);

    for (const id of ids) {
      let answer: Completion | undefined;
      for (let waited = 0; waited < 60_000; waited += 250) {
        answer = (await completion(id)).env.data;
        if (answer.status !== 'generating') break;
        await sleep(250);
      }
      expect(answer).toMatchObject({ status: 'done', content: '一次' });
    }
    // One model call per job, each prompt once.
    const sent = fake.chatRequests.slice(before).map((r) => r.body.messages?.at(-1)?.content);
    expect(sent.sort()).toEqual([...prompts].sort());
    const jobs = await portalQuery<{ state: string; attempts: number }>(
      `select state, attempts from jobs where name = 'chat.answer' and data->>'answerId' = any($1)`,
      [ids],
    );
    expect(jobs).toHaveLength(20);
    for (const job of jobs) expect(job).toEqual({ state: 'done', attempts: 1 });
  });

  it('keeps going when the replica serving a stream is killed mid-answer', async () => {
    fake.setDefault({ tokens: Array.from({ length: 400 }, (_, i) => `k${i} `), intervalMs: 25 });
    const stream = await openStream(token, 3);
    const victim = replicas.find((r) => stream.upstream.endsWith(`:${r.port}`));
    expect(victim).toBeDefined();
    // Let a periodic save land, then kill the process without any chance to clean up.
    await new Promise((r) => setTimeout(r, 2_500));
    process.kill(victim!.pid, 'SIGKILL');
    expect(await stream.finish()).toBe(false);

    // The user carries on: nginx sends every call to the surviving replica.
    for (let i = 0; i < 4; i++) expect((await call('/api/user/info', token)).env.code).toBe(0);
    type MessageList = { list: Array<{ role: string; status: string; content: string }> };
    const listMessages = () =>
      call<MessageList>(`/api/chatgpt/message/list?conv_id=${stream.first.conv_id}&page=1&page_size=20`, token);
    // The survivor's lease sweep closes the dead owner's answer: at once for a pid gone from this
    // host, at the latest when the lease runs out. Poll with a budget fit for a loaded machine.
    let answer: MessageList['list'][number] | undefined;
    for (let waited = 0; waited < 60_000; waited += 500) {
      const { env } = await listMessages();
      expect(env.code).toBe(0);
      expect(env.data.list.find((m) => m.role === 'user')?.content).toBe('两个副本');
      answer = env.data.list.find((m) => m.role === 'assistant');
      if (answer?.status !== 'generating') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // The partial answer is kept, and marked incomplete rather than left generating.
    expect(answer?.content.startsWith('k0 k1 k2 ')).toBe(true);
    expect(answer?.status).toBe('incomplete');
    // A new question goes on through the survivor.
    fake.setDefault({ tokens: ['好的'], intervalMs: 5 });
    const next = await openStream(token, 1);
    expect(await next.finish()).toBe(true);
  });
});
