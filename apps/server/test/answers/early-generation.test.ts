import { describe, expect, it } from 'vitest';
import { EarlyGeneration } from '../../src/services/answers';
import type { LlmChunk } from '../../src/services/llm';

const text = (t: string): LlmChunk => ({ type: 'content', text: t });

describe('EarlyGeneration', () => {
  it('starts the call at once and hands its chunks, the first included, to whoever reads later', async () => {
    const started: string[] = [];
    const early = new EarlyGeneration(async function* () {
      started.push('called');
      yield text('a');
      yield text('b');
    });
    // The generator's body ran up to its first chunk before anybody iterated.
    await Promise.resolve();
    expect(started).toEqual(['called']);
    const read: LlmChunk[] = [];
    for await (const chunk of early) read.push(chunk);
    expect(read).toEqual([text('a'), text('b')]);
  });

  it('aborts the call’s signal on cancel', async () => {
    let seen: AbortSignal | undefined;
    const early = new EarlyGeneration(async function* (signal) {
      seen = signal;
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      yield text('never');
    });
    early.cancel();
    expect(seen?.aborted).toBe(true);
    expect(early.controller.signal.aborted).toBe(true);
    await expect(early[Symbol.asyncIterator]().next()).rejects.toThrow('aborted');
  });

  it('keeps a failure that happened before anybody read for the reader, unhandled by nobody', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // eslint-disable-next-line require-yield
      const early = new EarlyGeneration(async function* () {
        throw new Error('provider down');
      });
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await expect(early[Symbol.asyncIterator]().next()).rejects.toThrow('provider down');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
