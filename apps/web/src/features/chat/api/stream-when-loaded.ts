import { ErrorCode, ErrorMessage } from '@portal/contract';
import { SseError } from '../../../lib/sse';

interface Outcome {
  onError(error: SseError): void;
  onAbort(): void;
}

/**
 * Opens an event stream whose address is in the chat descriptors' chunk, once that has loaded.
 * Exactly one of the handlers is still called: a chunk that did not load counts as a connection
 * that never opened.
 */
export async function streamWhenLoaded(
  path: () => Promise<string>,
  signal: AbortSignal,
  handlers: Outcome,
  open: (path: string) => Promise<void>,
): Promise<void> {
  let found: string;
  try {
    found = await path();
  } catch {
    if (signal.aborted) handlers.onAbort();
    else handlers.onError(new SseError(ErrorCode.upstream, ErrorMessage.streamTimeout, 'stream'));
    return;
  }
  return open(found);
}
