import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** What a fake tool received: every request's and every socket's headers, for leak assertions. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for a tool (SD WebUI or ComfyUI) on a loopback port: HTTP plus a WebSocket. The
 * fake ComfyUI is deliberately leakier than the real one: it broadcasts every prompt's progress
 * to every socket, so only the proxy's filter can keep users apart.
 */
export abstract class FakeTool {
  readonly seen: SeenRequest[] = [];
  readonly sockets = new Set<{ ws: WebSocket; url: string; headers: IncomingHttpHeaders }>();
  protected server: Server;
  private wss = new WebSocketServer({ noServer: true });
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        this.seen.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
        this.handle(req, res, body);
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, socket, head) => {
      this.seen.push({ method: 'UPGRADE', url: req.url ?? '/', headers: req.headers, body: '' });
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const entry = { ws, url: req.url ?? '/', headers: req.headers };
        this.sockets.add(entry);
        ws.on('close', () => this.sockets.delete(entry));
        this.connected(ws, new URL(req.url ?? '/', 'http://fake'));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const { ws } of this.sockets) ws.terminate();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // The proxy's connection pool keeps sockets to the fake alive.
    this.server.closeAllConnections();
    await closed;
  }

  broadcast(message: unknown): void {
    for (const { ws } of this.sockets) ws.send(JSON.stringify(message));
  }

  protected json(res: ServerResponse, status: number, value: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse, body: string): void;
  protected abstract connected(ws: WebSocket, url: URL): void;
}

/**
 * The route ComfyUI's aiohttp router would match for a request target: it percent-decodes the
 * path before matching (older aiohttp even `%2F`), case-sensitively, without merging slashes or
 * dropping a trailing one; every route is served under `/api` too. Undefined: not decodable.
 */
export function comfyRouteOf(target: string): string | undefined {
  try {
    const path = decodeURIComponent(new URL(`http://fake${target}`).pathname);
    return path.startsWith('/api/') ? path.slice(4) : path;
  } catch {
    return undefined;
  }
}

interface FakePrompt {
  id: string;
  number: number;
  clientId: string;
  prompt: unknown;
}

/** ComfyUI's shapes (server.py): queue items `[number, id, prompt, extra_data, outputs]`, history by id. */
export class FakeComfy extends FakeTool {
  pending: FakePrompt[] = [];
  running: FakePrompt[] = [];
  history = new Map<string, unknown>();
  /** Run each queued prompt at once (the browser test); otherwise the test calls run(). */
  autoRun = false;
  private counter = 0;

  /**
   * With a real ComfyUI frontend build (the `static` folder of the `comfyui-frontend-package`),
   * the fake serves it at `/` instead of its own page, and answers what that frontend reads while
   * it starts, as an empty ComfyUI would.
   */
  constructor(private readonly frontendDir?: string) {
    super();
  }

  protected handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(`http://fake${req.url ?? '/'}`);
    const path = comfyRouteOf(req.url ?? '/');
    if (path === undefined) {
      res.writeHead(400).end();
      return;
    }
    if (this.frontendDir && this.frontendAnswer(req, res, path, url)) return;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FAKE_COMFY_PAGE);
      return;
    }
    if (req.method === 'POST' && path === '/prompt') {
      const parsed = JSON.parse(body) as { client_id?: string; prompt?: unknown };
      const item = {
        id: randomUUID(),
        number: this.counter++,
        clientId: parsed.client_id ?? '',
        prompt: parsed.prompt,
      };
      this.pending.push(item);
      this.json(res, 200, { prompt_id: item.id, number: item.number, node_errors: {} });
      if (this.autoRun) setTimeout(() => this.run(item.id), 100);
      return;
    }
    if (req.method === 'GET' && path === '/queue') {
      const row = (p: FakePrompt) => [p.number, p.id, p.prompt, { client_id: p.clientId }, ['9']];
      this.json(res, 200, { queue_running: this.running.map(row), queue_pending: this.pending.map(row) });
      return;
    }
    if (req.method === 'GET' && path === '/history') {
      this.json(res, 200, Object.fromEntries(this.history));
      return;
    }
    if (req.method === 'GET' && path.startsWith('/history/')) {
      const id = path.slice(9);
      this.json(res, 200, this.history.has(id) ? { [id]: this.history.get(id) } : {});
      return;
    }
    if (req.method === 'POST' && (path === '/queue' || path === '/history')) {
      const parsed = JSON.parse(body) as { clear?: boolean; delete?: string[] };
      if (parsed.clear) {
        if (path === '/queue') this.pending = [];
        else this.history.clear();
      }
      for (const id of parsed.delete ?? []) {
        this.pending = this.pending.filter((p) => p.id !== id);
        this.history.delete(id);
      }
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'POST' && path === '/interrupt') {
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'GET' && path === '/view') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(`PNG:${url.searchParams.get('filename')}`);
      return;
    }
    // `/jobs`: everyone's, newest first, paged by `offset` and `limit` as ComfyUI pages them.
    if (req.method === 'GET' && (path === '/jobs' || path.startsWith('/jobs/'))) {
      const jobs = [
        ...[...this.pending].reverse().map((p) => ({ id: p.id, status: 'pending' })),
        ...[...this.history.keys()].reverse().map((id) => ({
          id,
          status: 'completed',
          preview_output: { filename: `out-${id}.png`, subfolder: '', type: 'output', nodeId: '9' },
        })),
      ];
      if (path !== '/jobs') {
        const job = jobs.find((j) => j.id === path.slice(6));
        if (job) this.json(res, 200, job);
        else this.json(res, 404, { error: 'Job not found' });
        return;
      }
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : undefined;
      const page = jobs.slice(offset, limit === undefined ? undefined : offset + limit);
      this.json(res, 200, {
        jobs: page,
        pagination: { offset, limit: limit ?? null, total: jobs.length, has_more: offset + page.length < jobs.length },
      });
      return;
    }
    // ComfyUI's internal routes show the whole server's: its log and every file of a folder.
    if (req.method === 'GET' && (path === '/internal/logs' || path === '/internal/logs/raw')) {
      const lines = [...this.pending, ...this.running].map((p) => `got prompt ${p.id}`);
      lines.push(...[...this.history.keys()].map((id) => `Prompt executed ${id}`));
      if (path === '/internal/logs') this.json(res, 200, lines.join('\n'));
      else this.json(res, 200, { entries: lines.map((m) => ({ t: '', m })), size: { cols: 100, rows: 30 } });
      return;
    }
    if (req.method === 'GET' && path === '/internal/files/output') {
      const names = [...this.history.keys()].map((id) => `out-${id}.png`);
      const full = url.searchParams.get('full_info') === 'true';
      this.json(res, 200, full ? names.map((name) => ({ name, size: 3, modified: 0 })) : names);
      return;
    }
    if (req.method === 'GET' && path === '/object_info') {
      this.json(res, 200, { KSampler: { name: 'KSampler' } });
      return;
    }
    if (req.method === 'POST' && path === '/upload/image') {
      this.json(res, 200, { name: `upload-${this.counter++}.png`, subfolder: '', type: 'input' });
      return;
    }
    this.json(res, 404, { error: 'not found' });
  }

  /** The real frontend's files and the start-up reads it needs; false when the request is neither. */
  private frontendAnswer(req: IncomingMessage, res: ServerResponse, path: string, url: URL): boolean {
    if (req.method === 'POST' && path.startsWith('/settings/')) {
      res.writeHead(200).end();
      return true;
    }
    if (req.method !== 'GET') return false;
    if (path in FRONTEND_START_ANSWERS) {
      this.json(res, 200, FRONTEND_START_ANSWERS[path]);
      return true;
    }
    if (path === '/userdata' && url.searchParams.has('dir')) {
      this.json(res, 200, []);
      return true;
    }
    const root = resolve(this.frontendDir ?? '');
    const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
    if (!file.startsWith(root + sep)) return false;
    const size = statSync(file, { throwIfNoEntry: false });
    if (!size?.isFile()) return false;
    const type = FRONTEND_TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'content-length': size.size });
    createReadStream(file).pipe(res);
    return true;
  }

  protected connected(ws: WebSocket, url: URL): void {
    const sid = url.searchParams.get('clientId') ?? randomUUID();
    ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid } }));
  }

  /** Runs a queued prompt: progress to every socket (leaky on purpose), then into the history. */
  run(promptId: string): void {
    const item = this.pending.find((p) => p.id === promptId);
    if (!item) return;
    this.pending = this.pending.filter((p) => p !== item);
    const output = { images: [{ filename: `out-${promptId}.png`, subfolder: '', type: 'output' }] };
    this.broadcast({ type: 'execution_start', data: { prompt_id: promptId, timestamp: Date.now() } });
    for (let value = 1; value <= 3; value++) {
      this.broadcast({ type: 'progress', data: { value, max: 3, prompt_id: promptId, node: '3' } });
    }
    this.broadcast({ type: 'executed', data: { node: '9', display_node: '9', output, prompt_id: promptId } });
    this.broadcast({ type: 'execution_success', data: { prompt_id: promptId, timestamp: Date.now() } });
    this.history.set(promptId, {
      prompt: [item.number, promptId, item.prompt, { client_id: item.clientId }, ['9']],
      outputs: { '9': output },
      status: { status_str: 'success', completed: true, messages: [] },
    });
  }
}

/** What an empty ComfyUI answers to the reads its frontend makes while it starts (server.py, app/). */
const FRONTEND_START_ANSWERS: Record<string, unknown> = {
  '/users': { storage: 'server', migrated: true },
  '/settings': {},
  '/system_stats': {
    system: { os: 'posix', comfyui_version: '0.3.60', python_version: '3.11', embedded_python: false, argv: [] },
    devices: [],
  },
  '/features': { supports_preview_metadata: true },
  '/extensions': [],
  '/embeddings': [],
  '/i18n': {},
  '/workflow_templates': {},
  '/experiment/models': [],
  '/object_info': {},
};

const FRONTEND_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** SD WebUI's API shapes: `/sdapi/v1/txt2img` → `{images, parameters, info}`; Gradio 3's queue socket. */
export class FakeSd extends FakeTool {
  /** Held generations: the test releases them to see queue positions. */
  private held: Array<() => void> = [];
  hold = false;

  release(): void {
    for (const done of this.held.splice(0)) done();
  }

  protected handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'tool=1; Path=/' });
      res.end('<!doctype html><title>Fake SD WebUI</title><h1>Fake SD WebUI</h1>');
      return;
    }
    if (req.method === 'POST' && (path === '/sdapi/v1/txt2img' || path === '/sdapi/v1/img2img')) {
      const answer = () => this.json(res, 200, { images: ['aW1n'], parameters: JSON.parse(body || '{}'), info: '{}' });
      if (this.hold) this.held.push(answer);
      else answer();
      return;
    }
    if (req.method === 'GET' && path === '/sdapi/v1/sd-models') {
      this.json(res, 200, [{ title: 'demo.safetensors' }]);
      return;
    }
    if (req.method === 'GET' && path === '/broken') {
      // Promises 1,000 bytes, sends 10 and drops the connection: a tool that died mid-answer.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('0123456789', () => res.socket?.destroy());
      return;
    }
    if (req.method === 'GET' && path === '/internal/secret') {
      this.json(res, 200, { secret: true });
      return;
    }
    this.json(res, 404, { detail: 'Not Found' });
  }

  protected connected(ws: WebSocket): void {
    ws.send(JSON.stringify({ msg: 'send_hash' }));
    ws.on('message', (data) => ws.send(JSON.stringify({ msg: 'echo', data: data.toString() })));
  }
}

/**
 * The fake ComfyUI's page: like the real frontend it derives its API base from its own address
 * (so it works under `/embedded/comfyui/`), opens `ws?clientId=`, queues a prompt and shows
 * progress and the finished image.
 */
const FAKE_COMFY_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Fake ComfyUI</title></head>
<body><h1>Fake ComfyUI</h1><button id="queue">Queue Prompt</button><div id="status">connecting</div><div id="progress"></div><div id="out"></div>
<script>
const base = location.pathname.replace(/\\/[^/]*$/, '/');
let clientId = sessionStorage.getItem('clientId') || 'tab' + Math.random().toString(36).slice(2);
const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + base + 'ws?clientId=' + clientId);
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === 'status') { if (m.data.sid) { clientId = m.data.sid; sessionStorage.setItem('clientId', clientId); } document.getElementById('status').textContent = 'connected'; }
  if (m.type === 'progress') document.getElementById('progress').textContent = 'progress ' + m.data.value + '/' + m.data.max;
  if (m.type === 'executed') { const img = m.data.output.images[0]; document.getElementById('out').textContent = 'done ' + img.filename; }
};
ws.onclose = () => { document.getElementById('status').textContent = 'closed'; };
document.getElementById('queue').onclick = async () => {
  const r = await fetch(base + 'api/prompt', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: { '3': { class_type: 'KSampler' } }, client_id: clientId }) });
  const j = await r.json();
  document.getElementById('progress').textContent = 'queued ' + j.prompt_id;
};
</script></body></html>`;
