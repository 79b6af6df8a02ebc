import type { AddbgProcess, AddbgWorkCreated } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { FakeSdWebui, scenePng } from './fake-engines';
import { addbgConfig, getJson, postJson, waitForWork } from './helpers';

const sd = new FakeSdWebui();
let t: TestApp;
let token: string;

beforeAll(async () => {
  await sd.start();
  sd.output = await scenePng('#008080');
  t = await buildTestApp({ config: addbgConfig({ sdwebui: { url: sd.url, poll_ms: 50 } }) });
  token = await tokenFor(t, 'admin');
});
afterAll(async () => {
  sd.release();
  await t?.close();
  await sd.close();
});

const processOf = async (workId: string) =>
  (await getJson<AddbgProcess>(t, token, '/api/addbg/works/getGenerateImageProcess', { work_id: workId })).data;

/** Polls until `until` holds (a busy machine may take long), failing if the work ends first. */
async function waitFor(workId: string, until: (p: AddbgProcess) => boolean): Promise<AddbgProcess> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const p = await processOf(workId);
    expect(p.status === 'done' || p.status === 'failed', `work ended early: ${p.status}`).toBe(false);
    if (until(p)) return p;
    if (Date.now() > deadline) throw new Error(`progress never matched, last ${p.status} ${p.progress}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const progressReads = () => sd.received.filter((r) => r.path === '/sdapi/v1/progress').length;

describe('progress of a Stable Diffusion WebUI job', () => {
  it('follows /sdapi/v1/progress while the call runs, ignoring a job the engine had already started', async () => {
    // Someone else's job is running on the engine, far along, when ours is sent.
    sd.state = { progress: 0.9, job_count: 1, job_timestamp: '20260101000001' };
    const created = await postJson<AddbgWorkCreated>(t, token, '/api/addbg/logo/generate', {
      text: '山茶',
      model_id: 'ai',
    });
    expect(created.code).toBe(0);
    const workId = created.data.work_id;
    await waitFor(workId, () => sd.held === 1);
    const readsBefore = progressReads();
    await waitFor(workId, () => progressReads() >= readsBefore + 3);
    // That job's 90 % is not ours: the work is still at the call's start.
    expect((await processOf(workId)).progress).toBeLessThan(30);

    // Now ours runs, 40 % through: 10 + 85 × (10 + 85 × 0.4) % of the logo step.
    sd.state = { progress: 0.4, job_count: 1, job_timestamp: '20260101000002' };
    const midway = await waitFor(workId, (p) => p.progress > 30);
    expect(midway).toMatchObject({ status: 'running', progress: 47 });

    sd.state = { progress: 0.8, job_count: 1, job_timestamp: '20260101000002' };
    expect((await waitFor(workId, (p) => p.progress > 47)).progress).toBe(76);

    sd.state = { progress: 0, job_count: 0, job_timestamp: '20260101000002' };
    sd.release();
    const done = await waitForWork(t, token, workId);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.images).toHaveLength(1);
  });
});
