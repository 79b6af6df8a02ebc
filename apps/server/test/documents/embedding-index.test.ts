import type { CheckDocStatusResponse, SessionFile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../src/services/llm';
import type { TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildSessionsApp, eventually, pdfOf, post, tokenFor, upload } from '../sessions/helpers';

const PAGES = ['Orion revenue grew 12 percent.', 'The Hangzhou office opened in 2021.', 'Risks: supply costs.'];

/** The parse job embeds a document's chunks when an embedding model is configured. */
describe('embedding documents in the parse job', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  let admin = '';

  const status = (sessionId: string) =>
    post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', { session_id: sessionId });
  const parsed = async (name: string) => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', name, await pdfOf(PAGES));
    expect(env.code).toBe(0);
    const settled = await eventually(
      () => status(env.data.session_id),
      (r) => r.code === 0 && r.data.settled,
    );
    return { sessionId: env.data.session_id, file: settled.data.list[0]! };
  };

  beforeAll(async () => {
    fake = await startFakeUpstream();
    t = await buildSessionsApp({
      config: (c) => ({
        ...c,
        providers: llmConfigSchema.parse({
          endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0 } },
          embeddings: { provider: 'fake', model: 'fake-embedding', dimensions: 64, batchSize: 2 },
        }),
      }),
    });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the chunks to the embedding model in batches once the document is ready', async (ctx) => {
    // PostgreSQL without pgvector has no vectors to store (see vector-retrieval.test.ts).
    if (!t.app.services.documents.retrieval.vectors) ctx.skip();
    const { file } = await parsed('orion.pdf');
    expect(file.status).toBe('ready');
    await fake.waitFor(() => fake.embeddingRequests.length > 0, 30_000);
    const inputs = fake.embeddingRequests.flatMap((r) => r.body.input as string[]);
    expect(inputs.some((text) => text.includes('Orion revenue grew'))).toBe(true);
    expect(fake.embeddingRequests.every((r) => (r.body.input as string[]).length <= 2)).toBe(true);
    expect(fake.embeddingRequests[0]!.body.model).toBe('fake-embedding');
  });

  it('keeps a document ready when the embedding model fails', async (ctx) => {
    if (!t.app.services.documents.retrieval.vectors) ctx.skip();
    fake.failEmbeddings = true;
    try {
      const before = fake.embeddingRequests.length;
      const { sessionId } = await parsed('orion-again.pdf');
      await fake.waitFor(() => fake.embeddingRequests.slice(before).some((r) => r.completed), 30_000);
      const after = await status(sessionId);
      expect(after.data.list[0]).toMatchObject({ status: 'ready', reason: null });
    } finally {
      fake.failEmbeddings = false;
    }
  });
});
