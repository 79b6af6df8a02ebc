import { marketingConfigSchema } from '../../src/modules/marketing/config';
import { llmConfigSchema } from '../../src/services/llm';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { parseSse, type SseEvent } from '../chat/helpers';
import type { FakeUpstream } from '../llm/fake-upstream';
import { fakeConfig } from '../llm/helpers';

export interface MarketingAppOptions {
  fake?: FakeUpstream;
  marketing?: Record<string, unknown>;
  /** Extra access rules after the example's (e.g. a deny for staff). */
  rules?: { subject_type: 'user'; subject: string; app_key: string; effect: 'allow' | 'deny' }[];
}

/** The app with marketing analyses written by the fake upstream, or by the demo model without one. */
export async function buildMarketingApp(opts: MarketingAppOptions = {}): Promise<TestApp> {
  return buildTestApp({
    config: (c) => ({
      ...c,
      access_rules: [...c.access_rules, ...(opts.rules ?? [])],
      // Attached documents are parsed by jobs: poll often so a description does not wait long.
      jobs: { ...c.jobs, poll_ms: 100 },
      providers: llmConfigSchema.parse(opts.fake ? fakeConfig(opts.fake) : {}),
      marketing: marketingConfigSchema.parse({ persist_interval_ms: 50, ...opts.marketing }),
    }),
  });
}

export interface ReceiveResult {
  status: number;
  events: SseEvent[];
  json?: { code: number; message: string; data: unknown };
}

export async function receive(t: TestApp, token: string, payload: Record<string, unknown>): Promise<ReceiveResult> {
  const res = await api(t, token, { method: 'POST', url: '/api/marketing/message/receive', payload });
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    return { status: res.statusCode, events: parseSse(res.body) };
  }
  return { status: res.statusCode, events: [], json: res.json() };
}

export async function getJson<T = unknown>(t: TestApp, token: string, url: string, query: Record<string, string> = {}) {
  return body<T>(await api(t, token, { method: 'GET', url, query }));
}

export async function postJson<T = unknown>(t: TestApp, token: string, url: string, payload: Record<string, unknown>) {
  return body<T>(await api(t, token, { method: 'POST', url, payload }));
}
