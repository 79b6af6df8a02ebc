import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { CallAbort } from './call-control';
import type { ProviderConfig } from './config';
import {
  ProviderConnectionError,
  ProviderResponseError,
  ProviderTimeoutError,
  providerErrorText,
} from './provider-errors';

/** Error bodies are read for the log only; a provider answering a page of HTML is cut here. */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * Sockets per provider. Far above the 1,000 open answers one process is sized for, so streams
 * never queue behind each other, but bounded so a fault cannot open sockets without end.
 */
const MAX_SOCKETS = 4096;
/** Idle keep-alive connections kept for the next calls after a burst. */
const MAX_FREE_SOCKETS = 64;
/**
 * An idle pooled connection is closed after this long, before a typical server (Node 5 s,
 * nginx 75 s) closes it under a request being sent; a `Keep-Alive: timeout` hint shortens it.
 */
const FREE_SOCKET_TIMEOUT_MS = 4_000;

/** Where one path of a provider is called: its request options and fixed headers (lower-case names). */
interface Target {
  options: RequestOptions;
  headers: Record<string, string>;
}

/** The response of a call that succeeded (2xx), to be read by the caller. */
export type ProviderResponse = IncomingMessage;

/**
 * HTTP transport to one OpenAI-compatible provider: the base URL with its path prefix and
 * query, the fixed headers, and one keep-alive agent so calls reuse connections. Built on
 * node:http rather than fetch so that an open answer costs one request, one response and one
 * socket, not a web-stream chain.
 */
export class ProviderHttp {
  private readonly agent: HttpAgent;
  private readonly request: typeof httpRequest;
  private readonly targets = new Map<string, Target>();

  constructor(
    private readonly config: ProviderConfig,
    /** Sent on every call: authorization, the provider's configured and environment headers. */
    private readonly headers: Record<string, string>,
  ) {
    const https = new URL(config.baseUrl).protocol === 'https:';
    const agentOptions = {
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      maxFreeSockets: MAX_FREE_SOCKETS,
      timeout: FREE_SOCKET_TIMEOUT_MS,
      // The most recently used connection is the one least likely to have been closed by the server.
      scheduling: 'lifo' as const,
    };
    this.agent = https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.request = https ? httpsRequest : httpRequest;
  }

  /** `path` appended to the base URL (keeping its path prefix), with the configured query. */
  private target(path: string): Target {
    let target = this.targets.get(path);
    if (!target) {
      const base = this.config.baseUrl;
      const url = new URL(base.endsWith('/') && path.startsWith('/') ? base + path.slice(1) : base + path);
      for (const [name, value] of Object.entries(this.config.query)) url.searchParams.set(name, value);
      // Node adds the host itself only to headers given as an object (see `send`). Credentials in
      // the URL never counted: every call carries its own authorization header.
      const { auth: _auth, ...options } = urlToHttpOptions(url);
      target = { options, headers: { host: url.host, ...this.headers } };
      this.targets.set(path, target);
    }
    return target;
  }

  /**
   * POSTs `body` as JSON. Resolves with the response once its headers arrived with a 2xx status;
   * rejects with ProviderResponseError for another status, ProviderTimeoutError when no headers
   * came within `timeoutMs`, ProviderConnectionError when the provider cannot be reached. An
   * abort destroys the call at any point, also while its body is being read.
   */
  post(path: string, body: unknown, abort: CallAbort, accept: string): Promise<ProviderResponse> {
    if (abort.aborted) return Promise.reject(abort.reason);
    const req = this.send(path, JSON.stringify(body), accept);
    return new Promise((resolve, reject) => {
      let settled = false;
      const timeoutMs = this.config.timeoutMs;
      let timer: NodeJS.Timeout | undefined = setTimeout(
        () => req.destroy(new ProviderTimeoutError(timeoutMs)),
        timeoutMs,
      );
      // Dropped once cleared: the listeners below live as long as the answer streams.
      const stopTimer = () => {
        clearTimeout(timer);
        timer = undefined;
      };
      abort.onAbort(() => req.destroy(abort.reason as Error));
      req.once('close', () => abort.onAbort(undefined));
      // `on`, not `once`: an error after the response arrived is the reader's business, not a crash.
      req.on('error', (error) => {
        stopTimer();
        if (settled) return;
        settled = true;
        if (error === abort.reason || error instanceof ProviderTimeoutError) reject(error);
        else reject(new ProviderConnectionError(`cannot reach the provider: ${error.message}`, { cause: error }));
      });
      req.once('response', (res) => {
        stopTimer();
        settled = true;
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        readErrorBody(res).then((text) => reject(responseError(status, res, text)), reject);
      });
    });
  }

  /**
   * Starts the request with its whole body. A method of its own so that the body, which holds the
   * conversation's history, is not kept alive by the listeners of `post` while the answer streams.
   */
  private send(path: string, payload: string, accept: string): ClientRequest {
    const target = this.target(path);
    const headers: Record<string, string> = {
      ...target.headers,
      accept,
      // Compression would hold tokens back in the provider's encoder; answers are small anyway.
      'accept-encoding': 'identity',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
    };
    // Headers as a flat list are written as they are; as an object, the request would also keep
    // a copy of each in a table of its own for as long as the answer streams.
    const req = this.request({
      ...target.options,
      method: 'POST',
      agent: this.agent,
      headers: Object.entries(headers).flat(),
    });
    req.end(payload);
    return req;
  }
}

function readErrorBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    res.on('data', (part: Buffer) => {
      if (size < MAX_ERROR_BODY) parts.push(part);
      size += part.length;
    });
    const done = () => resolve(Buffer.concat(parts).toString('utf8').slice(0, MAX_ERROR_BODY));
    res.once('end', done);
    // A body cut short still says something; the status is what counts.
    res.once('error', done);
    res.once('close', done);
  });
}

function responseError(status: number, res: IncomingMessage, text: string): ProviderResponseError {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page, say): kept as text.
  }
  const detail = providerErrorText(body);
  return new ProviderResponseError(`${status}${detail ? ` ${detail}` : ''}`, status, res.headers, body);
}
