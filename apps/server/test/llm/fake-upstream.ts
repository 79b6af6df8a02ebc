import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one chat completion request. */
export interface FakeScenario {
  /** Content deltas, in order. */
  tokens?: string[];
  /** reasoning_content deltas, streamed before the content. */
  reasoning?: string[];
  /** Pause before each chunk. */
  intervalMs?: number;
  /** SSE keep-alive comments sent before the first chunk, one per `intervalMs`. */
  keepAliveComments?: number;
  /** After this many chunks, send nothing more and never end. */
  stallAfter?: number;
  /** After this many chunks, fail: destroy the socket or send an error event. */
  failAfter?: number;
  failMode?: 'destroy' | 'error-event';
  /** Answer with this status and an OpenAI-style error body instead of a completion. */
  status?: number;
  errorMessage?: string;
  /** Extra response headers, e.g. `retry-after`. */
  headers?: Record<string, string>;
  finishReason?: string;
  /** End the stream with [DONE] but without any finish_reason. */
  omitFinishReason?: boolean;
}

/** The parsed JSON body of a request (empty for GET). */
export interface FakeRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface RecordedRequest {
  id: number;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: FakeRequestBody;
  /** The client closed the connection before the fake finished its answer. */
  cancelled: boolean;
  /** The fake sent its whole answer. */
  completed: boolean;
  /** performance.now() when the request's body had arrived, and when the first answer chunk was written. */
  receivedAt: number;
  firstChunkAt?: number;
}

export interface FakeSearchResult {
  url: string;
  title: string;
  content: string;
}

export interface FakeSearchScenario {
  status?: number;
  results?: FakeSearchResult[];
  delayMs?: number;
}

const DEFAULT_TOKENS = ['Hello', ',', ' world', '!'];

/**
 * A deterministic stand-in for an embedding model: a hashed bag of characters (each Chinese
 * character, each Latin word), normalised. Texts sharing characters but no word end up close,
 * which a word index cannot see.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const [unit] of text.toLowerCase().matchAll(/[\u3400-\u9fff]|[a-z0-9]+/g)) {
    let hash = 2166136261;
    for (const c of unit) hash = Math.imul(hash ^ c.codePointAt(0)!, 16777619) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector.map((_, i) => (i === 0 ? 1 : 0)) : vector.map((v) => v / norm);
}

const errorTypes: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded' },
};

function errorBody(status: number, message?: string) {
  const known = errorTypes[status] ?? { type: 'server_error', code: null, message: 'Upstream error' };
  return { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An OpenAI-compatible chat completions server plus a SearXNG `/search` endpoint, on
 * 127.0.0.1 with a random port. Each chat request takes the next queued scenario, else the
 * scenario registered under its model name, else the default.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  private server: Server | undefined;
  private readonly queue: FakeScenario[] = [];
  private readonly byModel = new Map<string, FakeScenario>();
  private defaultScenario: FakeScenario = {};
  private readonly searchQueue: FakeSearchScenario[] = [];
  private searchResults: FakeSearchResult[] = [];
  private port = 0;
  /** Length of the vectors `/v1/embeddings` answers with. */
  embeddingDimensions = 64;
  /** `/v1/embeddings` answers 500 while set. */
  failEmbeddings = false;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** Base URL for an OpenAI client. */
  get baseUrl(): string {
    return `${this.url}/v1`;
  }
  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/v1/chat/completions');
  }
  get embeddingRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/v1/embeddings');
  }
  get searchRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/search');
  }
  get cancelled(): number {
    return this.requests.filter((r) => r.cancelled).length;
  }

  /** Queues a scenario for the next chat request. */
  next(scenario: FakeScenario): this {
    this.queue.push(scenario);
    return this;
  }
  /** Every request for this model name gets the scenario (unless one is queued). */
  forModel(model: string, scenario: FakeScenario): this {
    this.byModel.set(model, scenario);
    return this;
  }
  setDefault(scenario: FakeScenario): this {
    this.defaultScenario = scenario;
    return this;
  }
  setSearchResults(results: FakeSearchResult[]): this {
    this.searchResults = results;
    return this;
  }
  nextSearch(scenario: FakeSearchScenario): this {
    this.searchQueue.push(scenario);
    return this;
  }
  /** Drops the recorded requests: a long benchmark would otherwise keep every body it was sent. */
  forgetRequests(): void {
    this.requests.length = 0;
  }
  reset(): void {
    this.forgetRequests();
    this.queue.length = 0;
    this.searchQueue.length = 0;
    this.byModel.clear();
    this.defaultScenario = {};
    this.searchResults = [];
    this.embeddingDimensions = 64;
    this.failEmbeddings = false;
  }

  /** Polls until `check` holds; fails after `timeoutMs`. */
  async waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('FakeUpstream.waitFor: condition not met in time');
      await wait(10);
    }
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: FakeRequestBody = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as FakeRequestBody;
      } catch {
        body = { raw };
      }
    }
    const record: RecordedRequest = {
      id: this.requests.length + 1,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      cancelled: false,
      completed: false,
      receivedAt: performance.now(),
    };
    this.requests.push(record);
    let destroyedByUs = false;
    res.on('close', () => {
      if (!res.writableFinished && !destroyedByUs) record.cancelled = true;
    });
    const finish = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
      record.completed = true;
    };

    if (req.method === 'GET' && url.pathname === '/search') {
      const scenario = this.searchQueue.shift() ?? {};
      if (scenario.delayMs) await wait(scenario.delayMs);
      if (scenario.status && scenario.status !== 200) return finish(scenario.status, { error: 'search failed' });
      const results = (scenario.results ?? this.searchResults).map((r) => ({
        ...r,
        engine: 'fake',
        score: 1,
        category: 'general',
      }));
      return finish(200, {
        query: url.searchParams.get('q'),
        number_of_results: results.length,
        results,
        answers: [],
        suggestions: [],
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/embeddings') {
      if (this.failEmbeddings) return finish(500, errorBody(500));
      const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input ?? '')];
      return finish(200, {
        object: 'list',
        model: body.model ?? 'fake-embedding',
        data: input.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: fakeEmbedding(text, this.embeddingDimensions),
        })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return finish(404, errorBody(404, `Unknown path ${url.pathname}`));
    }

    const request = body;
    const scenario = this.queue.shift() ?? this.byModel.get(request.model ?? '') ?? this.defaultScenario;
    if (scenario.status && scenario.status !== 200) {
      return finish(scenario.status, errorBody(scenario.status, scenario.errorMessage), scenario.headers);
    }
    const reasoning = scenario.reasoning ?? [];
    const tokens = scenario.tokens ?? DEFAULT_TOKENS;
    const model = request.model ?? 'fake';
    const usage = { prompt_tokens: 7, completion_tokens: tokens.length, total_tokens: 7 + tokens.length };

    if (!request.stream) {
      const message = {
        role: 'assistant',
        content: tokens.join(''),
        ...(reasoning.length ? { reasoning_content: reasoning.join('') } : {}),
      };
      return finish(
        200,
        {
          id: `chatcmpl-fake-${record.id}`,
          object: 'chat.completion',
          created: 0,
          model,
          choices: [{ index: 0, message, finish_reason: scenario.finishReason ?? 'stop' }],
          usage,
        },
        scenario.headers,
      );
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...scenario.headers,
    });
    res.flushHeaders();
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id: `chatcmpl-fake-${record.id}`,
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const deltas = [
      ...reasoning.map((text, i) => ({
        ...(i === 0 ? { role: 'assistant' } : {}),
        content: null,
        reasoning_content: text,
      })),
      ...tokens.map((text, i) => ({
        ...(i === 0 && reasoning.length === 0 ? { role: 'assistant' } : {}),
        content: text,
      })),
    ];
    const send = (payload: unknown) =>
      new Promise<void>((resolve) => {
        res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`, () => resolve());
      });

    for (let i = 0; i < (scenario.keepAliveComments ?? 0); i++) {
      await wait(scenario.intervalMs ?? 10);
      if (res.destroyed) return;
      res.write(': keep-alive\n\n');
    }
    for (let i = 0; i < deltas.length; i++) {
      if (scenario.stallAfter !== undefined && i >= scenario.stallAfter) return;
      if (scenario.failAfter !== undefined && i >= scenario.failAfter) {
        if (scenario.failMode === 'error-event') {
          await send(errorBody(500, scenario.errorMessage ?? 'The server had an error while streaming'));
          res.end();
          return;
        }
        destroyedByUs = true;
        res.socket?.destroy();
        return;
      }
      if (scenario.intervalMs) await wait(scenario.intervalMs);
      if (res.destroyed) return;
      record.firstChunkAt ??= performance.now();
      // Awaited so that what was sent reaches the client before a later socket destroy.
      await send(chunk(deltas[i]!));
    }
    if (scenario.stallAfter !== undefined) return;
    if (scenario.intervalMs) await wait(scenario.intervalMs);
    if (res.destroyed) return;
    if (!scenario.omitFinishReason) void send(chunk({}, scenario.finishReason ?? 'stop'));
    if (request.stream_options?.include_usage)
      void send({
        id: `chatcmpl-fake-${record.id}`,
        object: 'chat.completion.chunk',
        created: 0,
        model,
        choices: [],
        usage,
      });
    void send('[DONE]');
    res.end();
    record.completed = true;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  return new FakeUpstream().start();
}
