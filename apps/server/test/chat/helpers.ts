import type { ChatStreamEventName } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { chatConfigSchema } from '../../src/modules/chat/config';
import { imageProxyConfigSchema } from '../../src/services/image-proxy';
import { llmConfigSchema, type LlmConfigInput } from '../../src/services/llm';
import { api, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import type { FakeUpstream } from '../llm/fake-upstream';
import { fakeConfig } from '../llm/helpers';

export interface ChatAppOptions {
  fake?: FakeUpstream;
  providers?: Partial<LlmConfigInput>;
  chat?: Record<string, unknown>;
  imageProxy?: Record<string, unknown>;
  extraRoutes?: FastifyPluginAsync[];
}

/** The app with every chat model routed to the fake upstream (or none: the demo model). */
export async function buildChatApp(opts: ChatAppOptions = {}): Promise<TestApp> {
  return buildTestApp({
    extraRoutes: opts.extraRoutes,
    config: (c) => ({
      ...c,
      providers: llmConfigSchema.parse(opts.fake ? fakeConfig(opts.fake, opts.providers) : {}),
      chat: chatConfigSchema.parse(opts.chat ?? {}),
      image_proxy: imageProxyConfigSchema.parse(opts.imageProxy ?? {}),
    }),
  });
}

export async function tokenFor(t: TestApp, login: string): Promise<string> {
  return (await issueTokensFor(t, login)).access_token.token;
}

export interface SseEvent {
  event: ChatStreamEventName | string;
  data: Record<string, unknown>;
}

/** Splits an event-stream body into events; comment lines (keep-alives) are skipped. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) as Record<string, unknown> });
  }
  return events;
}

export function streamedText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === 'message')
    .map((e) => String(e.data.text ?? ''))
    .join('');
}

export interface AskResult {
  status: number;
  contentType: string;
  events: SseEvent[];
  json?: { code: number; message: string; data: unknown };
}

/** POST askStream through inject; a JSON answer (a refusal) comes back as `json`. */
export async function ask(
  t: TestApp,
  token: string,
  module: string,
  payload: Record<string, unknown>,
): Promise<AskResult> {
  const res = await api(t, token, { method: 'POST', url: `/api/${module}/message/askStream`, payload });
  const contentType = String(res.headers['content-type'] ?? '');
  if (contentType.startsWith('text/event-stream')) {
    return { status: res.statusCode, contentType, events: parseSse(res.body) };
  }
  return { status: res.statusCode, contentType, events: [], json: res.json() };
}

export const chatgptAsk = (prompt: string, extra: Record<string, unknown> = {}) => ({
  prompt,
  model_type: 100,
  temperature: 1,
  ...extra,
});

/** Polls until `check` holds. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
