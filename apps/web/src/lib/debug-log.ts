/** Local debugging trail of stream failures (spec section 8); readable from the console or vConsole. */
export const STREAM_ERRORS_KEY = '__stream_errors__';
export const STREAM_ERRORS_KEPT = 20;

export interface StreamErrorEntry {
  time: string;
  url: string;
  message: string;
  code?: number;
}

export function readStreamErrors(storage: Storage | undefined = globalThis.localStorage): StreamErrorEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STREAM_ERRORS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StreamErrorEntry[]) : [];
  } catch {
    return [];
  }
}

export function recordStreamError(
  entry: Omit<StreamErrorEntry, 'time'>,
  storage: Storage | undefined = globalThis.localStorage,
  now: Date = new Date(),
): void {
  try {
    const entries = [...readStreamErrors(storage), { time: now.toISOString(), ...entry }].slice(-STREAM_ERRORS_KEPT);
    storage?.setItem(STREAM_ERRORS_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or blocked (private mode): the trail is best effort.
  }
}
