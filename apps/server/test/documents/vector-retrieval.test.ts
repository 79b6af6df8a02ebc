import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documents } from '../../src/db/schema';
import { Embedder, Retrieval, VectorIndex } from '../../src/services/documents';
import { fuseByRank } from '../../src/services/documents/fusion';
import { providerConfigSchema } from '../../src/services/llm';
import { migratedTestDatabase } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { seedDocument, seedUser } from './seed';

describe('fusion by rank', () => {
  it('puts what both lists agree on first, and keeps the first list’s order on ties', () => {
    expect(
      fuseByRank(
        [
          [1, 2, 3],
          [3, 4, 1],
        ],
        10,
      ).map((f) => f.id),
    ).toEqual([1, 3, 2, 4]);
    expect(fuseByRank([[5, 6], []], 10).map((f) => f.id)).toEqual([5, 6]);
    expect(fuseByRank([[], [7, 8]], 1).map((f) => f.id)).toEqual([7]);
  });
});

describe('vector retrieval beside lexical retrieval', () => {
  const database = migratedTestDatabase();
  let fake: FakeUpstream;
  let owner: number;
  let vectors: VectorIndex | null;
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (_: unknown, message?: string) => void warnings.push(String(message)) };
  const scope = eq(documents.collection, 'cars');

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const embedder = new Embedder(
      { provider: 'fake', model: 'fake-embedding', dimensions: 64, batchSize: 2 },
      providerConfigSchema.parse({ baseUrl: fake.baseUrl, retries: 0 }),
      {},
    );
    vectors = await VectorIndex.open(database.db, embedder, log);
    owner = await seedUser(database.db);
    const fileId = await seedDocument(database.db, {
      ownerId: owner,
      collection: 'cars',
      name: 'cars.pdf',
      pages: ['轿车的销售数量去年增长了两成。', '汽车销量数据见附表。', '汽车行业的政策调整。'],
    });
    if (vectors) {
      const chunks = await database.db
        .select({ id: documentChunks.id, text: documentChunks.text })
        .from(documentChunks)
        .where(eq(documentChunks.fileId, fileId))
        .orderBy(asc(documentChunks.ord));
      await vectors.write(fileId, chunks);
    }
  }, 120_000);

  afterAll(async () => {
    await fake?.close();
  });

  it('uses pgvector where the database has it (PGlite ships it) and otherwise says once that vectors are off', async () => {
    const available =
      (
        (await database.db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)) as unknown as {
          rows: unknown[];
        }
      ).rows.length > 0;
    if (database.handle.kind === 'pglite') expect(available).toBe(true);
    expect(vectors !== null).toBe(available);
    expect(warnings).toEqual(
      available ? [] : ['the database has no pgvector extension: document retrieval is lexical only'],
    );
  });

  it('finds by meaning a passage that shares no word with the question, fused after the passage both agree on', async (ctx) => {
    if (!vectors) ctx.skip();
    // Batches of two: three chunks took two requests.
    expect(fake.embeddingRequests.length).toBe(2);
    const lexicalOnly = new Retrieval(database.db);
    const fused = new Retrieval(database.db, vectors, log);
    // 汽车销量 and 轿车的销售数量 share no word, only characters: lexical search cannot see page 1.
    expect((await lexicalOnly.search(scope, '汽车销量', 5)).map((r) => r.chunk.page)).toEqual([2, 3]);
    const pages = (await fused.search(scope, '汽车销量', 5)).map((r) => r.chunk.page);
    expect(pages[0]).toBe(2);
    expect(pages).toHaveLength(3);
    expect(pages).toContain(1);
  });

  it('embeds documents stored before the embedding model was configured, once', async (ctx) => {
    if (!vectors) ctx.skip();
    await seedDocument(database.db, {
      ownerId: owner,
      collection: 'trucks',
      name: 'trucks.pdf',
      pages: ['卡车的销售数量保持稳定。', '卡车司机的培训计划。'],
    });
    const trucks = eq(documents.collection, 'trucks');
    const fused = new Retrieval(database.db, vectors, log);
    // Without its vectors the document is found by words only: 货车销量 shares none with it.
    expect(await fused.search(trucks, '货车销量', 5)).toEqual([]);
    expect(await vectors!.backfill()).toBe(1);
    expect((await fused.search(trucks, '货车销量', 5))[0]?.chunk.page).toBe(1);
    expect(await vectors!.backfill()).toBe(0);
  });

  it('keeps answering from words when the embedding model fails, and asks no model without one', async (ctx) => {
    if (!vectors) ctx.skip();
    const before = fake.embeddingRequests.length;
    await new Retrieval(database.db).search(scope, '汽车销量', 5);
    expect(fake.embeddingRequests.length).toBe(before);
    fake.failEmbeddings = true;
    try {
      const pages = (await new Retrieval(database.db, vectors, log).search(scope, '汽车销量', 5)).map(
        (r) => r.chunk.page,
      );
      expect(pages).toEqual([2, 3]);
      expect(warnings).toContain('embedding the question failed: lexical results only');
    } finally {
      fake.failEmbeddings = false;
    }
  });
});
