import WebSocket from 'ws';

/** What the socket learnt about one prompt. */
export type ComfyEvent =
  { type: 'progress'; value: number; max: number } | { type: 'done' } | { type: 'error'; message: string };

/** How long the socket may take to open before the work goes on by polling alone. */
const OPEN_TIMEOUT_MS = 5_000;

/**
 * ComfyUI's progress socket (`/ws?clientId=`): messages `{type, data}` whose data names the
 * `prompt_id`. Only messages about prompts this work queued are passed on. Opening it may fail
 * (a proxy without WebSocket, an old ComfyUI): then `open` resolves to null and the caller polls.
 */
export class ComfySocket {
  private listeners = new Map<string, (event: ComfyEvent) => void>();
  /** Events of a prompt that arrived before its listener (a fast prompt finishing before /prompt answered). */
  private early = new Map<string, ComfyEvent[]>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw, isBinary) => {
      // Binary frames are preview images; only JSON text carries progress.
      if (isBinary) return;
      let message: { type?: unknown; data?: Record<string, unknown> };
      try {
        message = JSON.parse(raw.toString()) as typeof message;
      } catch {
        return;
      }
      const promptId = message.data?.prompt_id;
      if (typeof promptId !== 'string') return;
      const event = toEvent(message.type, message.data ?? {});
      if (!event) return;
      const listener = this.listeners.get(promptId);
      if (listener) listener(event);
      else this.early.set(promptId, [...(this.early.get(promptId) ?? []), event]);
    });
    ws.on('error', () => undefined);
  }

  static open(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<ComfySocket | null> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { headers, handshakeTimeout: OPEN_TIMEOUT_MS });
      const give = (socket: ComfySocket | null) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(socket);
      };
      const onAbort = () => {
        ws.terminate();
        give(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      ws.once('open', () => give(new ComfySocket(ws)));
      ws.once('error', () => give(null));
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        ws.terminate();
        give(null);
      });
    });
  }

  listen(promptId: string, listener: (event: ComfyEvent) => void): void {
    this.listeners.set(promptId, listener);
    for (const event of this.early.get(promptId) ?? []) listener(event);
    this.early.delete(promptId);
  }

  get connected(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.listeners.clear();
    this.ws.terminate();
  }
}

function toEvent(type: unknown, data: Record<string, unknown>): ComfyEvent | null {
  if (type === 'progress' && typeof data.value === 'number' && typeof data.max === 'number' && data.max > 0) {
    return { type: 'progress', value: data.value, max: data.max };
  }
  // `executing` with no node is how ComfyUI says a prompt finished (before `execution_success` existed).
  if (type === 'execution_success' || (type === 'executing' && data.node === null)) return { type: 'done' };
  if (type === 'execution_error') {
    return { type: 'error', message: typeof data.exception_message === 'string' ? data.exception_message : 'error' };
  }
  if (type === 'execution_interrupted') return { type: 'error', message: 'interrupted' };
  return null;
}
