import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChatMessage } from '@portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { eventually, parseSse } from './helpers';

const serverDir = resolve(import.meta.dirname, '../..');
const script = resolve(import.meta.dirname, 'fixtures/child-server.ts');

let fake: FakeUpstream;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a server process and waits for its ready line. */
async function startChild(): Promise<{ child: ChildProcess; baseUrl: string; token: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      FAKE_LLM_URL: fake.baseUrl,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const token = await new Promise<string>((resolveToken, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolveToken((JSON.parse(line) as { token: string }).token);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err.slice(-2000)}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, token };
}

beforeAll(async () => {
  fake = await startFakeUpstream();
  const testDb = process.env.TEST_DB ?? 'pglite';
  if (testDb === 'pglite') {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    return;
  }
  const name = `portal_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDb);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: testDb });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await fake?.close();
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an answer whose server is killed mid-stream', () => {
  it('is incomplete as soon as the server is back, never generating', async () => {
    const first = await startChild();
    fake.next({ tokens: Array.from({ length: 2000 }, (_, i) => `w${i} `), intervalMs: 20 });
    const res = await fetch(`${first.baseUrl}/api/chatgpt/message/askStream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '一个很长的回答', model_type: 100, temperature: 1 }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Wait until a partial answer was saved (persist every 64 characters).
    while (parseSse(text).filter((e) => e.event === 'message').length < 40) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const messageId = String(parseSse(text)[0]!.data.message_id);
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    await reader.cancel().catch(() => undefined);

    const second = await startChild();
    let answer: ChatMessage | undefined;
    // The restarted server closed it while starting; a few seconds of polling allow for a busy machine.
    await eventually(async () => {
      const got = await fetch(`${second.baseUrl}/api/chatgpt/message/completion?message_id=${messageId}`, {
        headers: { authorization: `Bearer ${second.token}` },
      });
      answer = ((await got.json()) as { data: ChatMessage }).data;
      return answer.status !== 'generating';
    }, 5_000);
    expect(answer?.status).toBe('incomplete');
    expect(answer?.content.length).toBeGreaterThan(0);
    second.child.kill('SIGTERM');
  }, 180_000);
});
