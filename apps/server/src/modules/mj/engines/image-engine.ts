import type { MjEngine } from '@portal/contract';

/** Where an engine is reached: from the configuration only, never from a request. */
export interface EngineConnection {
  engine: MjEngine;
  url: string;
  apiKey?: string;
  model?: string;
}

/** One drawing: `count` square images from a prompt, or variations of `source` when given. */
export interface DrawRequest {
  prompt: string;
  count: number;
  size: number;
  /** The image a variation starts from (PNG). */
  source?: Buffer;
  /** Aborted when the job stops or runs out of time. */
  signal: AbortSignal;
  /** The share of the engine's work done so far, 0–1. */
  onProgress(fraction: number): Promise<void>;
}

/** An image engine behind the image chat: answers the images' bytes (any format sharp reads). */
export interface ImageEngine {
  draw(request: DrawRequest): Promise<Buffer[]>;
}

/** The address of `path` under an engine's base address (which may itself have a path). */
export function engineUrl(base: string, path: string): URL {
  return new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
}

export function authHeader(connection: EngineConnection): Record<string, string> {
  return connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {};
}

/** Fails with the engine's status and the start of its answer, for the log (never shown to users). */
export async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  throw new Error(`${what} answered ${res.status}: ${text.slice(0, 200)}`);
}

/** Base64 (with or without a data: prefix) to bytes. */
export function fromBase64(value: string): Buffer {
  return Buffer.from(value.replace(/^data:image\/[\w.+-]+;base64,/, ''), 'base64');
}
