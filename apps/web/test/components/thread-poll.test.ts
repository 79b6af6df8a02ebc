import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ask,
  createThreadStore,
  leaveThread,
  pollTiming,
  STALLED_TEXT,
  stopAsking,
  type AnswerSnapshot,
  type PollTransport,
  type ThreadStore,
} from '../../src/components/thread';

const saved = { ...pollTiming };
beforeEach(() => {
  // Short enough for a test, long enough for a busy machine to keep the order of events.
  pollTiming.intervalMs = 20;
  pollTiming.staleAfterMs = 400;
});
afterEach(() => Object.assign(pollTiming, saved));

const ids = { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1', title: '标题' };

/** A server whose answer grows by the given parts, one per completion call. */
function fakeServer(parts: string[], final: AnswerSnapshot['status'] = 'done') {
  let polls = 0;
  const stops: string[] = [];
  const completions: string[] = [];
  let stopped = false;
  const transport: PollTransport & { stops: string[]; completions: string[]; polls(): number } = {
    kind: 'poll',
    stops,
    completions,
    polls: () => polls,
    ask: vi.fn(async () => ids),
    completion: async (messageId) => {
      completions.push(messageId);
      polls += 1;
      const n = Math.min(polls, parts.length);
      const content = parts.slice(0, n).join('');
      if (stopped) return { content, status: 'aborted' };
      return { content, reasoning: n > 1 ? '想' : undefined, status: n === parts.length ? final : 'generating' };
    },
    stop: async (messageId) => {
      stops.push(messageId);
      stopped = true;
    },
  };
  return transport;
}

const answerOf = (store: ThreadStore) => store.getState().sessions.c1?.list.at(-1);

describe('asking with the poll transport', () => {
  it('stores the ids at once, shows the answer as it grows and stops polling on the final status', async () => {
    const store = createThreadStore();
    const transport = fakeServer(['一', '二', '三']);
    const seen: string[] = [];
    const unsubscribe = store.subscribe((s) => {
      const content = s.sessions.c1?.list.at(-1)?.content;
      if (content !== undefined && seen.at(-1) !== content) seen.push(content);
    });
    const onFinish = vi.fn();
    await ask({ store, threadId: 'c1', prompt: '问', transport, callbacks: { onFinish } });
    unsubscribe();

    const [question, answer] = store.getState().sessions.c1?.list ?? [];
    expect(question).toMatchObject({ role: 'user', content: '问', message_id: 'm1' });
    expect(answer).toMatchObject({ role: 'assistant', message_id: 'm2', content: '一二三', status: 'done' });
    expect(answer?.reasoning).toBe('想');
    // Every polled state was shown, growing.
    expect(seen).toEqual(['', '一', '一二', '一二三']);
    expect(transport.completions.every((id) => id === 'm2')).toBe(true);
    expect(transport.polls()).toBe(3);
    expect(onFinish).toHaveBeenCalledWith({ ...ids, status: 'done' });
    expect(store.getState().sessions.c1?.isAsking).toBe(0);
  });

  it('stop calls the server stop endpoint and keeps the stored text as aborted', async () => {
    const store = createThreadStore();
    const transport = fakeServer(Array.from({ length: 50 }, (_, i) => String(i % 10)));
    const asking = ask({ store, threadId: 'c1', prompt: '问', transport });
    await vi.waitFor(() => expect(answerOf(store)?.content.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const shown = answerOf(store)?.content ?? '';
    stopAsking(store, 'c1');
    await asking;
    expect(transport.stops).toEqual(['m2']);
    expect(answerOf(store)?.status).toBe('aborted');
    expect(answerOf(store)?.content.startsWith(shown)).toBe(true);
    const polls = transport.polls();
    await new Promise((r) => setTimeout(r, pollTiming.intervalMs * 5));
    expect(transport.polls()).toBe(polls);
  });

  it('leaving the page stops polling without stopping the answer on the server', async () => {
    const store = createThreadStore();
    const transport = fakeServer(Array.from({ length: 50 }, (_, i) => String(i % 10)));
    const asking = ask({ store, threadId: 'c1', prompt: '问', transport });
    await vi.waitFor(() => expect(answerOf(store)?.content.length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    leaveThread(store, 'c1');
    await asking;
    expect(transport.stops).toEqual([]);
    expect(answerOf(store)).toMatchObject({ status: 'generating', message_id: 'm2' });
    expect(store.getState().sessions.c1?.isAsking).toBe(0);
    const polls = transport.polls();
    await new Promise((r) => setTimeout(r, pollTiming.intervalMs * 5));
    expect(transport.polls()).toBe(polls);
  });

  it('an answer that stops growing while generating is shown as incomplete', async () => {
    const store = createThreadStore();
    const transport = fakeServer(['一']);
    transport.completion = async () => ({ content: '半句', status: 'generating' });
    await ask({ store, threadId: 'c1', prompt: '问', transport });
    expect(answerOf(store)).toMatchObject({ content: '半句', status: 'incomplete', error: STALLED_TEXT });
  });

  it('a failed ask marks the answer incomplete with the server message', async () => {
    const store = createThreadStore();
    const transport = fakeServer(['一']);
    transport.ask = async () => {
      throw new Error('今日次数已用完');
    };
    await ask({ store, threadId: 'c1', prompt: '问', transport });
    expect(answerOf(store)).toMatchObject({ status: 'incomplete', error: '今日次数已用完' });
    expect(transport.polls()).toBe(0);
  });

  it('leaving does not cut a streamed answer off', async () => {
    const store = createThreadStore();
    let signal: AbortSignal | undefined;
    let finish!: () => void;
    const asking = ask({
      store,
      threadId: 'c1',
      prompt: '问',
      transport: {
        kind: 'stream',
        open: (s, handlers) =>
          new Promise<void>((resolve) => {
            signal = s;
            finish = () => {
              handlers.onFinish({ conv_id: 'c1', message_id: 'm2', status: 'done' });
              resolve();
            };
          }),
      },
    });
    leaveThread(store, 'c1');
    expect(signal?.aborted).toBe(false);
    finish();
    await asking;
    expect(answerOf(store)?.status).toBe('done');
  });
});
