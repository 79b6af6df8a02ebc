import type { TestApp } from '../helper';
import { parseSse, streamedText, type SseEvent } from '../chat/helpers';

/**
 * Helpers for answers that outlive their client: a stream read until a few `message` events came
 * and then dropped (a reload), and `message/follow` read to its end (the page that came back).
 */

export interface LeftStream {
  messageId: string;
  /** The text the client had read when it left. */
  received: string;
}

/** POSTs an answer stream, reads `messages` message events with text, then disconnects. */
export async function leaveAfter(
  t: TestApp,
  token: string,
  path: string,
  payload: unknown,
  messages = 3,
): Promise<LeftStream> {
  const controller = new AbortController();
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: controller.signal,
  });
  if (!String(res.headers.get('content-type')).startsWith('text/event-stream')) {
    throw new Error(`not an event stream: ${res.status} ${await res.text()}`);
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const withText = () => parseSse(text).filter((e) => e.event === 'message' && e.data.text).length;
  while (withText() < messages) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended early: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  controller.abort();
  const events = parseSse(text);
  return { messageId: String(events[0]!.data.message_id), received: streamedText(events) };
}

/** `POST {prefix}/message/follow` read to its end. */
export async function follow(t: TestApp, token: string, prefix: string, messageId: string) {
  const res = await fetch(`${t.baseUrl}${prefix}/message/follow`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message_id: messageId }),
  });
  const text = await res.text();
  return { status: res.status, events: parseSse(text), text };
}

/** The text a follower shows: `replace` starts over, other messages add. */
export function followedText(events: SseEvent[]): string {
  let shown = '';
  for (const e of events) {
    if (e.event !== 'message') continue;
    shown = e.data.replace ? String(e.data.text) : shown + String(e.data.text);
  }
  return shown;
}
