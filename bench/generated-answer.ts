/**
 * The streamed answer both render benchmarks use, so their numbers describe the same content.
 */

/** Deterministic pseudo-random numbers so every run streams the same answer. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Deterministic markdown of about `length` characters: headings, paragraphs, lists, code, tables. */
export function generateAnswer(length: number, seed = 42): string {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const words = [
    '模型',
    'stream',
    'latency',
    '缓存',
    'render',
    'block',
    '用户',
    'portal',
    'token',
    'answer',
    '数据',
    'query',
    'index',
    '服务',
    'session',
    'markdown',
  ];
  const sentence = () => {
    const parts = Array.from({ length: 6 + Math.floor(rand() * 10) }, () => pick(words));
    if (rand() < 0.3) parts[1] = `**${parts[1]}**`;
    if (rand() < 0.3) parts[3] = `\`${parts[3]}()\``;
    if (rand() < 0.2) parts[4] = `[${parts[4]}](https://example.com/${parts[4]})`;
    return `${parts.join(' ')}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(rand() * 4) }, sentence).join(' ');
  const list = (ordered: boolean) =>
    Array.from({ length: 3 + Math.floor(rand() * 4) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}`).join(
      '\n',
    );
  const code = () => {
    const lines = Array.from(
      { length: 5 + Math.floor(rand() * 8) },
      (_, i) => `  const value${i} = compute("${pick(words)}", ${i}); // ${pick(words)}`,
    );
    return ['```ts', 'function example(input: string) {', ...lines, '  return input;', '}', '```'].join('\n');
  };
  const table = () => {
    const rows = Array.from(
      { length: 4 + Math.floor(rand() * 3) },
      (_, i) => `| ${pick(words)} | ${i * 17} | ${pick(words)} | ${(rand() * 100).toFixed(1)}% |`,
    );
    return ['| 名称 | 数量 | 说明 | 占比 |', '| --- | ---: | --- | ---: |', ...rows].join('\n');
  };

  const blocks: string[] = [];
  let size = 0;
  for (let section = 1; size < length; section++) {
    const parts = [`## 第 ${section} 部分 ${pick(words)}`, paragraph(), pick([list(false), list(true)]), paragraph()];
    if (section % 2 === 0) parts.push(code());
    if (section % 3 === 0) parts.push(table());
    if (section % 4 === 0) parts.push(`> ${sentence()}`);
    for (const part of parts) {
      blocks.push(part);
      size += part.length + 2;
    }
  }
  return blocks.join('\n\n').slice(0, length);
}
