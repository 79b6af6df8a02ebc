import { describe, expect, it } from 'vitest';
import { IngestGate } from '../../src/modules/analytics/services';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('IngestGate', () => {
  it('runs at most `concurrency` statements at once and sheds load once the queue is full', async () => {
    const gate = new IngestGate(2, 2);
    const blockers = Array.from({ length: 4 }, deferred);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = blockers.map((b, i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await b.promise;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.hasRoom()).toBe(false);

    blockers[0]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.hasRoom()).toBe(true);

    for (const b of blockers) b.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });

  it('without a queue, admits a batch only while a slot is free, and frees it when a statement fails', async () => {
    const gate = new IngestGate(1, 0);
    expect(gate.hasRoom()).toBe(true);
    const blocker = deferred();
    const running = gate.run(() => blocker.promise);
    expect(gate.hasRoom()).toBe(false);
    blocker.resolve();
    await running;
    await expect(gate.run(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(gate.hasRoom()).toBe(true);
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });
});
