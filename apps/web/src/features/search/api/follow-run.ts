import type { SearchResult } from '@portal/contract';
import { streamRequest } from './search-api';

/**
 * Follows a run's event stream (`getStreamResponse`, GET): every `message` is the run as it
 * stands; `finish` ends it. Resolves with the last state, or null when the stream failed (the
 * caller then reads `getResult`).
 */
export async function followRun(
  executionId: string,
  onUpdate: (result: SearchResult) => void,
  signal: AbortSignal,
): Promise<SearchResult | null> {
  const { url, headers } = streamRequest(executionId);
  let last: SearchResult | null = null;
  try {
    const res = await fetch(url, { headers, signal });
    if (!res.ok || !res.body || !String(res.headers.get('content-type')).startsWith('text/event-stream')) return null;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (!data) continue;
        if (event === 'error') return last;
        last = JSON.parse(data) as SearchResult;
        onUpdate(last);
        if (event === 'finish') return last;
      }
    }
  } catch {
    return last;
  }
  return last;
}
