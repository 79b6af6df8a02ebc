import type { Envelope } from '@portal/contract';
import { api, body, buildTestApp, type TestApp } from '../helper';

export async function buildRedApp(
  sampleNotes = 0,
  pushSources: { source: string; key: string }[] = [],
): Promise<TestApp> {
  return buildTestApp({
    config: (c) => ({
      ...c,
      red: { ...c.red, sample_data: sampleNotes > 0, sample_notes: sampleNotes, push_sources: pushSources },
      jobs: { ...c.jobs, poll_ms: 50 },
    }),
  });
}

export async function getJson<T>(t: TestApp, token: string, url: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await api(t, token, { method: 'GET', url: qs ? `${url}?${qs}` : url });
  return { status: res.statusCode, ...body<T>(res) } as Envelope<T> & { status: number };
}

export async function postJson<T>(t: TestApp, token: string, url: string, payload: unknown) {
  const res = await api(t, token, { method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, ...body<T>(res) } as Envelope<T> & { status: number };
}

/** A multipart body with one file part and optional fields. */
export function multipart(fileName: string, content: Buffer | string, fields: Record<string, string> = {}) {
  const boundary = `----red${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  parts.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls an import until it is done or failed (generous: the machine may be busy). */
export async function waitImport<T extends { status: string }>(
  t: TestApp,
  token: string,
  jobId: string,
  timeoutMs = 120_000,
) {
  const until = Date.now() + timeoutMs;
  const seen: T[] = [];
  for (;;) {
    const res = await getJson<T>(t, token, '/api/red/admin/import/status', { job_id: jobId });
    if (res.code !== 0) throw new Error(`status ${res.code} ${res.message}`);
    seen.push(res.data);
    if (res.data.status === 'done' || res.data.status === 'failed') return { last: res.data, seen };
    if (Date.now() > until) throw new Error(`import still ${res.data.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function importFile(
  t: TestApp,
  token: string,
  fileName: string,
  content: Buffer | string,
  source?: string,
) {
  const { payload, headers } = multipart(fileName, content, source ? { source } : {});
  const res = await api(t, token, { method: 'POST', url: '/api/red/admin/import', payload, headers });
  return { status: res.statusCode, ...body<{ job_id: string }>(res) };
}
