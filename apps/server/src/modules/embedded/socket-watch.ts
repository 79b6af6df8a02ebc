import type { EmbeddedAppKey } from '@portal/contract';
import type { EmbedAccess } from './embed-access';
import type { EmbedPass } from './embed-cookie';

/** An open proxied WebSocket, as the watch sees it. */
export interface WatchedSocket {
  appKey: EmbeddedAppKey;
  pass: EmbedPass;
  /** Ends the browser's socket and the tool's. */
  end(code: number, reason: string): void;
}

/** WebSocket close code for "access ended" (private range); the frame's page asks for a new code. */
export const ACCESS_ENDED = 4401;

/**
 * Re-checks every open proxied WebSocket: a revoked right, a disabled user or an expired cookie
 * ends the socket at the next round, as the next HTTP request would be refused. One timer for all
 * sockets; the checks go through the rights gate's cache, so a round costs little. A change to
 * rights or users made by this process starts a round at once (`nudge`); one made on another
 * replica is seen at the next timed round.
 */
export class SocketWatch {
  private readonly sockets = new Set<WatchedSocket>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;

  constructor(
    private readonly access: EmbedAccess,
    private readonly intervalMs: number,
  ) {}

  add(socket: WatchedSocket): () => void {
    this.sockets.add(socket);
    this.timer ??= setInterval(() => void this.round(), this.intervalMs).unref();
    return () => this.sockets.delete(socket);
  }

  get size(): number {
    return this.sockets.size;
  }

  /** A rights change was heard: check now instead of at the next round. */
  nudge(): void {
    if (this.sockets.size > 0) void this.round();
  }

  private async round(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    try {
      for (const socket of [...this.sockets]) {
        const allowed = await this.access.stillAllowed(socket.appKey, socket.pass).catch(() => true);
        if (!allowed) {
          this.sockets.delete(socket);
          socket.end(ACCESS_ENDED, 'access ended');
        }
      }
    } finally {
      this.running = false;
    }
    if (this.again) await this.round();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const socket of this.sockets) socket.end(1001, 'server closing');
    this.sockets.clear();
  }
}
