/**
 * Shared by the chat benchmarks: a portal configuration routing every chat model to a local
 * OpenAI-compatible fake, an SSE reader that timestamps events, and percentiles.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');

/** Writes a config file (the example plus providers at `baseUrl` and a high quota); returns its path. */
export function writeBenchConfig(baseUrl: string): string {
  const config = JSON.parse(readFileSync(join(repoRoot, 'portal.config.example.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const target = (model: string) => ({ provider: 'fake', model });
  config.providers = {
    endpoints: { fake: { baseUrl, retries: 0, idleTimeoutMs: 600_000, timeoutMs: 600_000 } },
    models: {
      chatgpt: {
        '0': target('gpt-3.5-turbo'),
        '100': target('gpt-4'),
        '120': target('gpt-4o'),
        '200': target('ernie-4.0'),
        '300': target('glm-4'),
      },
      deepseek: { '0': target('deepseek-chat'), '1': target('deepseek-reasoner') },
      metaso: { '0': target('meta-llm'), '1': target('metaso-dsr1') },
    },
  };
  config.chat = { quotas: { chatgpt: 1_000_000, deepseek: 1_000_000, metaso: 1_000_000 } };
  const path = join(mkdtempSync(join(tmpdir(), 'portal-bench-')), 'portal.config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

export interface TimedEvents {
  start: number;
  /** performance.now() of each data event carrying text, in arrival order. */
  arrivals: number[];
}

/**
 * Reads an SSE response and timestamps every event that `isToken` accepts. Each network read is
 * stamped once, so events arriving in the same packet share a time.
 */
export async function readTimed(
  res: Response,
  start: number,
  isToken: (event: string, data: string) => boolean,
): Promise<TimedEvents> {
  const arrivals: number[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      if (data && isToken(event, data)) arrivals.push(now);
    }
  }
  return { start, arrivals };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

/** A fresh PostgreSQL database for a benchmark, or undefined when no server answers. */
export async function freshPostgres(name: string): Promise<string | undefined> {
  const { default: pg } = await import('pg');
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    return admin.replace(/\/[^/]*$/, `/${name}`);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
