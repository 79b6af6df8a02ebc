import type { IncomingHttpHeaders } from 'node:http';
import { upstreamHeaders } from './upstream-headers';

/** One answer of a tool, read whole (the filtered paths need the body; files are small images). */
export interface ToolAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ToolCall {
  userId: number;
  method: string;
  /** Path and query on the tool, already checked. */
  path: string;
  headers?: IncomingHttpHeaders;
  body?: Buffer | string;
}

/** Calls one configured tool; the address comes from the config only. */
export class ToolClient {
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  /** The tool's address of a path: always under the configured base, whatever the path says. */
  urlOf(path: string): URL {
    const target = new URL(path.replace(/^\/+/, ''), this.base);
    if (target.origin !== this.base.origin || !target.pathname.startsWith(this.base.pathname)) {
      throw new Error('path leaves the tool');
    }
    return target;
  }

  async call(call: ToolCall): Promise<ToolAnswer> {
    const headers = upstreamHeaders(call.headers ?? {}, call.userId);
    for (const name of ['host', 'content-length', 'connection', 'transfer-encoding', 'accept-encoding', 'upgrade']) {
      delete headers[name];
    }
    if (typeof call.body === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(this.urlOf(call.path), {
      method: call.method,
      headers: Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v] as [string, string]),
      // A Buffer is passed as its bytes: fetch's body types (DOM or undici) both take a Uint8Array.
      body:
        call.method === 'GET' || call.method === 'HEAD' || call.body === undefined
          ? undefined
          : typeof call.body === 'string'
            ? call.body
            : new Uint8Array(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      body: Buffer.from(await response.arrayBuffer()),
    };
  }
}

export function jsonAnswer(status: number, value: unknown): ToolAnswer {
  return { status, contentType: 'application/json', body: Buffer.from(JSON.stringify(value)) };
}

export function parseJson(body: Buffer | string | undefined): unknown {
  if (body === undefined || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString());
  } catch {
    return undefined;
  }
}
