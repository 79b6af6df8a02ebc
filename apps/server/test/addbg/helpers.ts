import type { AddbgProcess, Envelope } from '@portal/contract';
import { expect } from 'vitest';
import type { PortalConfig } from '../../src/config/schema';
import { addbgConfigSchema } from '../../src/modules/addbg/config';
import { api, body, type BuildTestAppOptions, type TestApp } from '../helper';
import { multipart } from '../files/fixtures';

/** The example config with the image designer open to staff too, quick job polling and `addbg` overrides. */
export function addbgConfig(addbg: Record<string, unknown> = {}) {
  return (c: PortalConfig): PortalConfig => ({
    ...c,
    access_rules: [
      ...c.access_rules.filter((r) => r.app_key !== 'addbg'),
      { subject_type: 'user', subject: 'staff', app_key: 'addbg', effect: 'allow' },
    ],
    jobs: { ...c.jobs, poll_ms: 100, lease_ms: 1_000, sweep_ms: 200 },
    addbg: addbgConfigSchema.parse({ cutout: { idle_unload_seconds: 0 }, ...addbg }),
  });
}

export type AddbgAppOptions = Pick<BuildTestAppOptions, 'databaseVia'>;

export async function uploadImage(t: TestApp, token: string, data: Buffer, filename = 'product.png') {
  const { payload, headers } = multipart({ filename, data, contentType: 'image/png' });
  return api(t, token, { method: 'POST', url: '/api/addbg/file/upload', payload, headers });
}

export async function getJson<T>(t: TestApp, token: string, url: string, query: Record<string, string> = {}) {
  return body<T>(await api(t, token, { method: 'GET', url, query }));
}

export async function postJson<T>(t: TestApp, token: string, url: string, payload: Record<string, unknown>) {
  const res = await api(t, token, { method: 'POST', url, payload });
  return { status: res.statusCode, ...body<T>(res) } as Envelope<T> & { status: number };
}

/** Polls a work until it is done or failed (generous: the machine may be very busy). */
export async function waitForWork(
  t: TestApp,
  token: string,
  workId: string,
  timeoutMs = 240_000,
): Promise<AddbgProcess> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await getJson<AddbgProcess>(t, token, '/api/addbg/works/getGenerateImageProcess', { work_id: workId });
    expect(res.code).toBe(0);
    if (res.data.status === 'done' || res.data.status === 'failed') return res.data;
    if (Date.now() > until) throw new Error(`work ${workId} still ${res.data.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
