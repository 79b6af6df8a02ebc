import type { WindowCounter } from './ingest-budget';

export interface ClientRowLimitSettings {
  /** Rows per minute per signed-in user. */
  userRowsPerMinute: number;
  /** Rows per minute per client address, for batches without a valid access token. */
  addressRowsPerMinute: number;
}

const MINUTE_MS = 60_000;

/**
 * Rows (events) per client and minute, beside the per-batch rate: a batch may hold up to 100
 * events, so counting batches alone let one address send a hundred times what it seemed to.
 * The client is what it cannot choose (`user:<id>` or `ip:<address>`), counted per UTC minute in
 * the same counters as the global budget (shared through Redis when configured).
 */
export class ClientRowLimit {
  constructor(
    private readonly counter: WindowCounter,
    private readonly settings: ClientRowLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the rows against the client's minute; false when that takes it over its limit. */
  async admit(clientKey: string, signedIn: boolean, rows: number): Promise<boolean> {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const limit = signedIn ? this.settings.userRowsPerMinute : this.settings.addressRowsPerMinute;
    return (await this.counter.add(`client:m:${minute}:${clientKey}`, rows, MINUTE_MS * 2)) <= limit;
  }

  /** Seconds until the current minute window ends. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((MINUTE_MS - (this.now() % MINUTE_MS)) / 1000));
  }
}
