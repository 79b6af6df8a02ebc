/**
 * Retrieval in the database: p50 and p95 of 20 questions over 2,000 / 20,000 / 100,000 chunks of
 * one collection (the scope a question searches), on the embedded PGlite and on a fresh database
 * of the PostgreSQL server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Chunks are inserted in
 * bulk with their terms, as the parse job stores them; each question is a full search as a
 * session asks it (scope, ranking in SQL, the passages read back).
 *
 * Run: node --import tsx bench/retrieval.ts   (also run at the end of bench/document-pipeline.ts)
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { documentChunks, documents } from '../apps/server/src/db/schema';
import { Retrieval } from '../apps/server/src/services/documents';
import { testDatabase } from '../apps/server/test/helper';
import { seedFile, seedUser } from '../apps/server/test/documents/seed';

/** Issue 9's budget on PostgreSQL. */
const P95_BUDGET_MS = 50;
const SIZES = [2_000, 20_000, 100_000];
const CHUNKS_PER_DOCUMENT = 1_000;

const filler = '本章节按照集团统一模板编写，数据经过内部审计，仅供内部参考。各部门应结合实际情况执行。';
const cities = ['杭州', '成都', '武汉', '西安', '苏州', '青岛', '厦门', '长沙'];
const chunkText = (i: number) =>
  `${filler.repeat(5)}第${i}节：${cities[i % cities.length]}事业部${i % 97}号项目的销售额为${i * 7}万元。`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The PostgreSQL server to measure on, or undefined when none answers. */
export async function benchPostgres(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return url;
  } catch {
    console.info(`PostgreSQL skipped: no server at ${new URL(url).host}`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function benchRetrieval(engine: 'pglite' | string): Promise<void> {
  process.env.TEST_DB = engine;
  const database = await testDatabase();
  const handle = await openDatabase(database.target);
  const label = handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  try {
    const retrieval = new Retrieval(handle.db);
    const owner = await seedUser(handle.db);
    const collection = `bench-${randomBytes(4).toString('hex')}`;
    let stored = 0;
    for (const size of SIZES) {
      const started = performance.now();
      while (stored < size) {
        const fileId = await seedFile(handle.db, owner, `part-${stored}.pdf`);
        await handle.db
          .insert(documents)
          .values({ fileId, ownerId: owner, collection, status: 'ready', chunkCount: CHUNKS_PER_DOCUMENT });
        await handle.db.transaction(async (tx) => {
          const rows: { id: number; text: string }[] = [];
          for (let i = 0; i < CHUNKS_PER_DOCUMENT; i += 500) {
            const values = Array.from({ length: 500 }, (_, j) => {
              const n = stored + i + j;
              return { fileId, collection, ord: i + j, page: Math.floor((i + j) / 10) + 1, text: chunkText(n) };
            });
            rows.push(
              ...(await tx
                .insert(documentChunks)
                .values(values)
                .returning({ id: documentChunks.id, text: documentChunks.text })),
            );
          }
          await retrieval.terms.write(tx, fileId, rows);
        });
        stored += CHUNKS_PER_DOCUMENT;
      }
      const seconds = (performance.now() - started) / 1000;
      // Statistics as autovacuum gathers them soon after a bulk load; without them the planner
      // guesses the new tables' sizes.
      await handle.db.execute(sql`analyze`);
      const scope = eq(documents.collection, collection);
      const times: number[] = [];
      let found = 0;
      for (let q = 0; q < 20; q++) {
        const t0 = performance.now();
        const hits = await retrieval.search(scope, `${cities[q % cities.length]}事业部${q}号项目的销售额是多少`, 6);
        times.push(performance.now() - t0);
        if (hits[0]?.chunk.text.includes(`${cities[q % cities.length]}事业部${q}号项目`)) found++;
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const budget =
        handle.kind === 'postgres'
          ? ` (budget p95 ≤ ${P95_BUDGET_MS} ms: ${p95 <= P95_BUDGET_MS ? 'met' : 'MISSED'})`
          : '';
      console.info(
        `retrieval on ${label} over ${size} chunks: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
          `p95 ${p95.toFixed(1)} ms${budget}; right passage first for ${found}/20; ` +
          `indexing the new chunks took ${seconds.toFixed(1)} s`,
      );
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.BENCH_SKIP_PGLITE) await benchRetrieval('pglite');
  const postgres = await benchPostgres();
  if (postgres) await benchRetrieval(postgres);
}
