import { describe, expect, it } from 'vitest';
import { packForKeepalive } from '../src/keepalive-chunks';

const items = (n: number, size: number) => Array.from({ length: n }, (_, i) => ({ i, pad: 'x'.repeat(size) }));
const bytes = (body: string) => new TextEncoder().encode(body).length;

describe('packForKeepalive', () => {
  it('fills chunks newest first, keeps order inside each, and returns the oldest as rest', () => {
    const list = items(10, 100);
    const each = JSON.stringify(list[0]).length;
    const budget = '{"events":[]}'.length + 4 * each + 3;
    const { chunks, rest } = packForKeepalive(list, (x) => x, budget, 100);
    expect(chunks).toHaveLength(1);
    const packed = chunks[0]!.items.map((x) => x.i);
    expect(packed).toEqual([6, 7, 8, 9]);
    expect(rest.map((x) => x.i)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(bytes(chunks[0]!.body)).toBe(chunks[0]!.bytes);
    expect(JSON.parse(chunks[0]!.body).events.map((x: { i: number }) => x.i)).toEqual(packed);
  });

  it('splits by the per-request item cap and never exceeds the total budget', () => {
    const { chunks, rest } = packForKeepalive(items(250, 50), (x) => x, 64 * 1024, 100);
    expect(chunks.map((c) => c.items.length)).toEqual([100, 100, 50]);
    expect(rest).toHaveLength(0);
    expect(chunks.reduce((n, c) => n + bytes(c.body), 0)).toBeLessThanOrEqual(64 * 1024);
  });

  it('counts multi-byte characters as the quota does', () => {
    const wide = Array.from({ length: 4 }, () => ({ t: '中'.repeat(100) }));
    const { chunks, rest } = packForKeepalive(wide, (x) => x, 700, 100);
    expect(chunks[0]!.items).toHaveLength(2);
    expect(rest).toHaveLength(2);
    expect(bytes(chunks[0]!.body)).toBeLessThanOrEqual(700);
  });

  it('sends nothing when the budget is already used up', () => {
    const { chunks, rest } = packForKeepalive(items(3, 10), (x) => x, -5, 100);
    expect(chunks).toHaveLength(0);
    expect(rest).toHaveLength(3);
  });
});
