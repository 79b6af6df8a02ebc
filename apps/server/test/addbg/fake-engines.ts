import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/** A plain-coloured PNG as an engine would answer. */
export function scenePng(color: string, width = 512, height = 512): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A request as a fake engine received it. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** An HTTP server on a loopback port that records what it receives; WebSocket upgrades go to `upgrade`. */
abstract class FakeServer {
  readonly received: Received[] = [];
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        const entry = { method: req.method ?? 'GET', path, headers: req.headers, body: Buffer.concat(chunks) };
        this.received.push(entry);
        void this.handle(req, res, entry);
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, socket, head) => this.upgrade(req, socket, head));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  protected upgrade(_req: IncomingMessage, socket: import('node:stream').Duplex, _head: Buffer): void {
    socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  }

  protected json(res: ServerResponse, status: number, value: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse, received: Received): Promise<void>;
}

export type ComfyMode = 'ok' | 'hold' | 'fail' | 'wrong' | 'nolora';

/**
 * A fake ComfyUI (server.py's shapes): `/prompt` queues, progress and completion go to the socket
 * of the prompt's `client_id` (`/ws?clientId=`), `/history/{id}` and `/view` answer after it ran.
 * `hold` sends half the progress and waits for `release()`; `fail` reports an execution error;
 * `wrong` serves an HTML page from `/view` labelled as PNG. With `sockets` off the upgrade is
 * refused, as behind a proxy without WebSocket, so only polling can see the result.
 *
 * Training (a workflow with `TrainLoraNode`, as ComfyUI's native nodes): the photos uploaded into
 * an input subfolder are kept in `uploads`; a finished training has no output image, and its
 * SaveLoRA file shows up in `/models/loras` (as when the output folder is one of the LoRA paths),
 * except in `nolora` mode. `POST /history` and `/queue` with `delete` are recorded in `deleted`.
 */
export class FakeComfyEngine extends FakeServer {
  mode: ComfyMode = 'ok';
  sockets = true;
  output: Buffer = Buffer.alloc(0);
  /** LoRA names `/models/loras` lists. */
  readonly loras: string[] = [];
  readonly uploads: Array<{ subfolder: string; name: string; data: Buffer; overwrite: boolean }> = [];
  readonly deleted: string[] = [];
  readonly prompts: Array<{
    id: string;
    clientId: string;
    workflow: Record<string, { inputs: Record<string, unknown> }>;
  }> = [];
  private clients = new Map<string, WebSocket>();
  private history = new Map<string, unknown>();
  private held: Array<() => void> = [];
  private wss = new WebSocketServer({ noServer: true });

  release(): void {
    for (const go of this.held.splice(0)) go();
  }

  protected override upgrade(req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): void {
    if (!this.sockets) return super.upgrade(req, socket, head);
    const clientId = new URL(req.url ?? '/', 'http://fake').searchParams.get('clientId') ?? '';
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.clients.set(clientId, ws);
      ws.send(
        JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId } }),
      );
    });
  }

  private send(clientId: string, type: string, data: Record<string, unknown>): void {
    this.clients.get(clientId)?.send(JSON.stringify({ type, data }));
  }

  protected async handle(req: IncomingMessage, res: ServerResponse, r: Received): Promise<void> {
    if (r.method === 'POST' && r.path === '/prompt') {
      const parsed = JSON.parse(r.body.toString()) as {
        client_id: string;
        prompt: FakeComfyEngine['prompts'][0]['workflow'];
      };
      const id = randomUUID();
      this.prompts.push({ id, clientId: parsed.client_id, workflow: parsed.prompt });
      this.json(res, 200, { prompt_id: id, number: this.prompts.length, node_errors: {} });
      setImmediate(() => void this.execute(id, parsed.client_id));
      return;
    }
    if (r.method === 'GET' && r.path.startsWith('/history/')) {
      const id = r.path.slice('/history/'.length);
      this.json(res, 200, this.history.has(id) ? { [id]: this.history.get(id) } : {});
      return;
    }
    if (r.method === 'GET' && r.path === '/view') {
      if (this.mode === 'wrong') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>login</html>');
      else res.writeHead(200, { 'content-type': 'image/png' }).end(this.output);
      return;
    }
    if (r.method === 'POST' && r.path === '/upload/image') {
      const form = await new Response(new Uint8Array(r.body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const subfolder = form.get('subfolder');
      if (typeof subfolder === 'string') {
        const file = form.get('image') as File;
        const name = file.name;
        this.uploads.push({
          subfolder,
          name,
          data: Buffer.from(await file.arrayBuffer()),
          overwrite: form.get('overwrite') === 'true',
        });
        this.json(res, 200, { name, subfolder, type: 'input' });
        return;
      }
      this.json(res, 200, { name: `upload-${this.received.length}.png`, subfolder: 'portal', type: 'input' });
      return;
    }
    if (r.method === 'GET' && r.path === '/models/loras') {
      this.json(res, 200, this.loras);
      return;
    }
    if (r.method === 'POST' && (r.path === '/history' || r.path === '/queue')) {
      this.deleted.push(...((JSON.parse(r.body.toString()) as { delete?: string[] }).delete ?? []));
      this.json(res, 200, {});
      return;
    }
    this.json(res, 404, { error: 'not found' });
  }

  private async execute(id: string, clientId: string): Promise<void> {
    const mode = this.mode;
    this.send(clientId, 'execution_start', { prompt_id: id });
    this.send(clientId, 'progress', { value: 1, max: 2, prompt_id: id, node: '3' });
    if (mode === 'hold') await new Promise<void>((resolve) => this.held.push(resolve));
    if (mode === 'fail') {
      this.history.set(id, { outputs: {}, status: { status_str: 'error', completed: false, messages: [] } });
      this.send(clientId, 'execution_error', { prompt_id: id, exception_message: 'CUDA out of memory' });
      return;
    }
    this.send(clientId, 'progress', { value: 2, max: 2, prompt_id: id, node: '3' });
    const workflow = this.prompts.find((p) => p.id === id)!.workflow;
    const save = Object.values(workflow).find((n) => (n as { class_type?: string }).class_type === 'SaveLoRA');
    if (save) {
      // SaveLoRA writes `<prefix>_00001_.safetensors` under the output folder.
      const prefix = String(save.inputs.prefix).replace(/^loras\//, '');
      if (mode !== 'nolora') this.loras.push(`${prefix}_00001_.safetensors`);
      this.history.set(id, { outputs: {}, status: { status_str: 'success', completed: true, messages: [] } });
      this.send(clientId, 'executing', { node: null, prompt_id: id });
      return;
    }
    const output = { images: [{ filename: `out-${id}.png`, subfolder: '', type: 'output' }] };
    this.history.set(id, {
      outputs: { '9': output },
      status: { status_str: 'success', completed: true, messages: [] },
    });
    this.send(clientId, 'executed', { node: '9', output, prompt_id: id });
    this.send(clientId, 'executing', { node: null, prompt_id: id });
  }
}

/** What a fake SD WebUI's `/sdapi/v1/progress` answers: the job it runs now (idle: count 0). */
export interface SdJobState {
  progress: number;
  job_count: number;
  job_timestamp: string;
}

/**
 * A fake Stable Diffusion WebUI: `txt2img`/`img2img` answer `output` as base64 once `release()`
 * is called (each generation is held until then), and `/sdapi/v1/progress` answers `state`, which
 * the test moves along as the engine would (another's job, then ours, then idle).
 */
export class FakeSdWebui extends FakeServer {
  output: Buffer = Buffer.alloc(0);
  state: SdJobState = { progress: 0, job_count: 0, job_timestamp: '20260101000000' };
  /** Generations received and still held. */
  held = 0;
  private waiting: Array<() => void> = [];

  release(): void {
    for (const go of this.waiting.splice(0)) go();
  }

  protected async handle(_req: IncomingMessage, res: ServerResponse, r: Received): Promise<void> {
    if (r.method === 'GET' && r.path === '/sdapi/v1/progress') {
      const { progress, ...state } = this.state;
      this.json(res, 200, { progress, eta_relative: 0, state: { ...state, job: '', job_no: 0 }, current_image: null });
      return;
    }
    if (r.method === 'POST' && (r.path === '/sdapi/v1/txt2img' || r.path === '/sdapi/v1/img2img')) {
      this.held++;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.held--;
      this.json(res, 200, { images: [this.output.toString('base64')], parameters: {}, info: '{}' });
      return;
    }
    this.json(res, 404, { detail: 'Not Found' });
  }
}

export type OpenAiMode = 'b64' | 'url' | 'foreign-url' | 'wrong' | 'fail';

/**
 * A fake OpenAI-compatible image API (`/v1/images/generations`, `/v1/images/edits` as multipart)
 * and a vision chat model (`/v1/chat/completions`). In `url` mode images are answered as a URL on
 * a second server (`cdn`), in `foreign-url` as a URL on a host the config does not allow.
 */
export class FakeOpenAi extends FakeServer {
  mode: OpenAiMode = 'b64';
  output: Buffer = Buffer.alloc(0);
  readonly cdn = new FakeCdn();
  /** The fields of the last multipart edit, files as buffers. */
  lastEdit: Map<string, string | Buffer> = new Map();

  override async start(): Promise<this> {
    await this.cdn.start();
    return super.start();
  }

  override async close(): Promise<void> {
    await this.cdn.close();
    await super.close();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse, r: Received): Promise<void> {
    if (r.method === 'POST' && r.path === '/v1/chat/completions') {
      this.json(res, 200, {
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model: 'vl',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: '一只红色的方形礼盒，放在白色背景上。' },
          },
        ],
      });
      return;
    }
    if (r.method !== 'POST' || (r.path !== '/v1/images/generations' && r.path !== '/v1/images/edits')) {
      this.json(res, 404, { error: { message: 'not found' } });
      return;
    }
    if (r.path === '/v1/images/edits') {
      const form = await new Response(new Uint8Array(r.body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      this.lastEdit = new Map();
      // forEach, not entries(): the browser suites' typecheck (which imports this file) has no DOM iterables.
      const fields: Array<[string, string | Blob]> = [];
      form.forEach((value, name) => fields.push([name, value]));
      for (const [name, value] of fields) {
        this.lastEdit.set(name, typeof value === 'string' ? value : Buffer.from(await value.arrayBuffer()));
      }
    }
    if (this.mode === 'fail') return this.json(res, 500, { error: { message: 'overloaded' } });
    this.cdn.image = this.output;
    const item =
      this.mode === 'b64'
        ? { b64_json: this.output.toString('base64') }
        : this.mode === 'wrong'
          ? { b64_json: Buffer.from('%PDF-1.4 not an image').toString('base64') }
          : {
              url: `${this.mode === 'url' ? this.cdn.url : this.cdn.url.replace('127.0.0.1', 'localhost')}/result.png`,
            };
    this.json(res, 200, { created: 0, data: [item] });
  }
}

/** Where a result URL points: serves the last image. */
class FakeCdn extends FakeServer {
  image: Buffer = Buffer.alloc(0);
  protected async handle(_req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': this.image.length }).end(this.image);
  }
}
