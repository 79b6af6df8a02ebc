import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { exampleConfig, testDatabase } from '../helper';

const POLL_MS = 100;
let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await testDatabase();
  drop = database.drop;
  const config = exampleConfig();
  app = await buildApp({
    config: { ...config, jobs: { ...config.jobs, poll_ms: POLL_MS } },
    database: database.target,
    publicUrl: 'http://127.0.0.1',
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('job workers and the start of the server', () => {
  it('take no job before the server listens, and the waiting one right after', async () => {
    await app.ready();
    const ran: string[] = [];
    app.services.jobs.register<{ n: string }>('test.start-probe', async (job) => {
      ran.push(job.data.n);
    });
    await app.services.jobs.send('test.start-probe', { n: 'queued before listening' });
    // Answering requests needs none of it: a ready server that does not listen leaves the job queued.
    await new Promise((r) => setTimeout(r, POLL_MS * 4));
    expect(ran).toEqual([]);

    await app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(ran).toEqual(['queued before listening']), { timeout: 20_000, interval: 50 });
  });
});
