import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorMessage } from '@portal/contract';
import { createLlmGateway, type LlmConfigInput } from '../../src/services/llm';
import { ask, collect } from './helpers';

/** A provider written by hand, byte by byte, for what the fake upstream does not do. */
interface RawProvider {
  baseUrl: string;
  connections: number;
  requests: number;
  close(): Promise<void>;
}

let open: Server[] = [];
afterEach(async () => {
  for (const server of open) server.closeAllConnections();
  await Promise.all(open.map((server) => new Promise((resolve) => server.close(resolve))));
  open = [];
});

async function rawProvider(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<RawProvider> {
  const provider = { baseUrl: '', connections: 0, requests: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    provider.requests++;
    req.resume();
    req.on('end', () => handle(req, res));
  });
  server.on('connection', () => provider.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(server);
  provider.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return provider;
}

function gatewayFor(baseUrl: string, endpoint: { timeoutMs?: number; headers?: Record<string, string> } = {}) {
  const config: LlmConfigInput = {
    endpoints: { raw: { baseUrl, retries: 1, ...endpoint } },
    models: { chatgpt: { '100': { provider: 'raw', model: 'm' } } },
  };
  return createLlmGateway(config, { env: {} });
}

const chat = { module: 'chatgpt' as const, modelType: 100, temperature: 1, messages: ask('你好') };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (delta: object, finishReason: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}`;

describe('provider transport', () => {
  it('reads CRLF events, comments and UTF-8 characters split between packets', async () => {
    const provider = await rawProvider(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const bytes = Buffer.from(
        [': waiting', '', event({ content: '你好' }), '', event({ content: '世界' }), '', event({}, 'stop'), '']
          .map((line) => `${line}\r\n`)
          .join('') + 'data: [DONE]\r\n\r\n',
      );
      // Cut inside "你" (3 bytes) and between the CR and LF of a line end.
      const cuts = [bytes.indexOf('你') + 1, bytes.indexOf('\r\n', bytes.indexOf('世')) + 1, bytes.length];
      let start = 0;
      for (const cut of cuts) {
        res.write(bytes.subarray(start, cut));
        start = cut;
        await wait(15);
      }
      res.end();
    });
    const result = await collect(gatewayFor(provider.baseUrl).streamChat(chat));
    expect(result.error).toBeUndefined();
    expect(result.content).toBe('你好世界');
    expect(result.chunks.at(-1)).toEqual({ type: 'done', finishReason: 'stop', usage: undefined });
  });

  it('keeps one connection alive across calls', async () => {
    const provider = await rawProvider((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${event({ content: 'ok' }, 'stop')}\n\ndata: [DONE]\n\n`);
    });
    const gateway = gatewayFor(provider.baseUrl);
    for (let i = 0; i < 3; i++) expect((await collect(gateway.streamChat(chat))).content).toBe('ok');
    expect(provider.requests).toBe(3);
    expect(provider.connections).toBe(1);
  });

  it('times out when no response headers come within timeoutMs, without retrying', async () => {
    const provider = await rawProvider(() => undefined);
    const result = await collect(gatewayFor(provider.baseUrl, { timeoutMs: 100 }).streamChat(chat));
    expect(result.error?.kind).toBe('timeout');
    expect(result.error?.message).toBe(ErrorMessage.streamTimeout);
    expect(provider.requests).toBe(1);
  });

  it('maps 401 and 404 with JSON bodies to upstream, keeping the provider text for the log', async () => {
    for (const status of [401, 403, 404]) {
      const provider = await rawProvider((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `provider says ${status}`, type: 'invalid_request_error' } }));
      });
      const result = await collect(gatewayFor(provider.baseUrl).streamChat(chat));
      expect(result.error?.kind).toBe('upstream');
      expect(result.error?.status).toBe(status);
      expect(result.error?.message).toBe(ErrorMessage.upstream);
      expect((result.error?.cause as Error).message).toBe(`${status} provider says ${status}`);
      expect(provider.requests).toBe(1);
    }
  });

  it('retries a 502 with an HTML body once', async () => {
    const provider = await rawProvider((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const result = await collect(gatewayFor(provider.baseUrl).streamChat(chat));
    expect(result.error?.status).toBe(502);
    expect((result.error?.cause as Error).message).toBe('502 <html>bad gateway</html>');
    expect(provider.requests).toBe(2);
  });

  it('fails on a named error event, keeping what came before', async () => {
    const provider = await rawProvider((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${event({ content: 'a' })}\n\nevent: error\ndata: {"error":{"message":"overloaded"}}\n\n`);
    });
    const result = await collect(gatewayFor(provider.baseUrl).streamChat(chat));
    expect(result.content).toBe('a');
    expect(result.error?.kind).toBe('upstream');
    expect((result.error?.cause as Error).message).toBe('overloaded');
  });

  it('fails on an event that is not JSON', async () => {
    const provider = await rawProvider((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${event({ content: 'a' })}\n\ndata: {not json\n\n${event({}, 'stop')}\n\n`);
    });
    const result = await collect(gatewayFor(provider.baseUrl).streamChat(chat));
    expect(result.content).toBe('a');
    expect(result.error?.kind).toBe('upstream');
  });

  it('lets a configured authorization header replace the key, whatever its case', async () => {
    let authorization: string | undefined;
    const provider = await rawProvider((req, res) => {
      authorization = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${event({ content: 'ok' }, 'stop')}\n\n`);
    });
    const gateway = gatewayFor(provider.baseUrl, { headers: { Authorization: 'Token fixed' } });
    expect((await collect(gateway.streamChat(chat))).content).toBe('ok');
    expect(authorization).toBe('Token fixed');
    await collect(gatewayFor(provider.baseUrl).streamChat(chat));
    expect(authorization).toBe('Bearer not-needed');
  });

  it('sends the host, configured headers, body length and keep-alive, each header once', async () => {
    let raw: string[] = [];
    let body = '';
    const provider = await rawProvider((req, res) => {
      raw = req.rawHeaders;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${event({ content: 'ok' }, 'stop')}\n\ndata: [DONE]\n\n`);
    });
    const gateway = createLlmGateway(
      {
        endpoints: { raw: { baseUrl: provider.baseUrl, retries: 0, headers: { 'X-Tenant': 'a' } } },
        models: { chatgpt: { '100': { provider: 'raw', model: 'm' } } },
      },
      { env: {} },
    );
    const server = open.at(-1)!;
    server.prependListener('request', (req: IncomingMessage) => {
      req.on('data', (part: Buffer) => (body += part.toString()));
    });
    expect((await collect(gateway.streamChat(chat))).content).toBe('ok');
    const names = raw.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const header = (name: string) => raw[raw.findIndex((n, i) => i % 2 === 0 && n.toLowerCase() === name) + 1];
    expect(header('host')).toBe(new URL(provider.baseUrl).host);
    expect(header('authorization')).toBe('Bearer not-needed');
    expect(header('x-tenant')).toBe('a');
    expect(header('connection')).toBe('keep-alive');
    expect(header('content-type')).toBe('application/json');
    expect(Number(header('content-length'))).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body).model).toBe('m');
  });

  it('hands a burst of events to a slow consumer in order', async () => {
    const tokens = Array.from({ length: 300 }, (_, i) => `${i},`);
    const provider = await rawProvider((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${tokens.map((t) => `${event({ content: t })}\n\n`).join('')}${event({}, 'stop')}\n\ndata: [DONE]\n\n`);
    });
    let seen = '';
    for await (const chunk of gatewayFor(provider.baseUrl).streamChat(chat)) {
      if (chunk.type === 'content') seen += chunk.text;
      await wait(0);
    }
    expect(seen).toBe(tokens.join(''));
  });
});
