import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { upstreamHeaders } from './upstream-headers';

/** Decides what of the tool's messages reaches the browser; may be slow (a database look-up). */
export type MessageFilter = (data: WebSocket.RawData, binary: boolean) => Promise<boolean> | boolean;

export interface BridgeOptions {
  browser: WebSocket;
  upstreamUrl: URL;
  browserHeaders: IncomingHttpHeaders;
  userId: number;
  filter?: MessageFilter;
  log: FastifyBaseLogger;
  onClose(): void;
}

/** Close codes a peer may not send on the wire (ws refuses them). */
function sendableCode(code: number): number {
  return code === 1005 || code === 1006 || code === 1015 || code < 1000 || code >= 5000 ? 1000 : code;
}

/**
 * Joins the browser's socket to a new socket on the tool. The tool gets the browser's headers
 * without the portal's cookies and tokens (the same rule as HTTP) plus the user header. Messages
 * from the tool go through the filter one at a time, so their order is kept. Returns the function
 * that ends both sides.
 */
export function bridgeSockets(opts: BridgeOptions): (code: number, reason: string) => void {
  const { browser, log } = opts;
  const headers = upstreamHeaders(opts.browserHeaders, opts.userId);
  for (const name of [
    'host',
    'connection',
    'upgrade',
    'sec-websocket-key',
    'sec-websocket-version',
    'sec-websocket-extensions',
    'sec-websocket-protocol',
    'content-length',
  ]) {
    delete headers[name];
  }
  const protocols = String(opts.browserHeaders['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const tool = new WebSocket(opts.upstreamUrl, protocols, { headers: headers as Record<string, string> });
  const early: Array<[WebSocket.RawData, boolean]> = [];
  let chain: Promise<void> = Promise.resolve();
  let ended = false;

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    opts.onClose();
    const wire = sendableCode(code);
    if (browser.readyState === WebSocket.OPEN || browser.readyState === WebSocket.CONNECTING) {
      browser.close(wire, reason.slice(0, 120));
    }
    if (tool.readyState === WebSocket.OPEN) tool.close(1000);
    else tool.terminate();
  };

  browser.on('message', (data, binary) => {
    if (tool.readyState === WebSocket.OPEN) tool.send(data, { binary });
    else early.push([data, binary]);
  });
  tool.on('open', () => {
    for (const [data, binary] of early.splice(0)) tool.send(data, { binary });
  });
  tool.on('message', (data, binary) => {
    if (!opts.filter) {
      if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary });
      return;
    }
    const filter = opts.filter;
    chain = chain
      .then(async () => {
        if ((await filter(data, binary)) && browser.readyState === WebSocket.OPEN) browser.send(data, { binary });
      })
      .catch((err: unknown) => log.warn({ err }, 'embedded ws filter failed; message dropped'));
  });
  browser.on('close', (code, reason) => end(code, reason.toString()));
  tool.on('close', (code, reason) => end(code, reason.toString()));
  browser.on('error', () => end(1011, 'browser socket error'));
  tool.on('error', (err) => {
    log.warn({ err: err.message }, 'embedded tool socket error');
    end(1011, 'tool unreachable');
  });
  tool.on('unexpected-response', (_req, res) => end(1011, `tool answered ${res.statusCode}`));
  return end;
}
