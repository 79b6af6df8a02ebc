import { randomBytes } from 'node:crypto';
import { documentChunks, documents, files, users } from '../../src/db/schema';
import type { Db } from '../../src/db/client';
import { chunkUnits } from '../../src/services/documents/chunker';
import { TermIndex } from '../../src/services/documents/term-index';

/** A user row for documents to belong to. */
export async function seedUser(db: Db, subject = `user-${randomBytes(4).toString('hex')}`): Promise<number> {
  const [user] = await db.insert(users).values({ subject }).returning({ id: users.id });
  return user!.id;
}

/** A stored file's row (the object itself is never read by retrieval). */
export async function seedFile(db: Db, ownerId: number, name: string): Promise<string> {
  const fileId = randomBytes(16).toString('hex');
  await db.insert(files).values({
    id: fileId,
    ownerId,
    storageKey: `test/${fileId}`,
    displayName: name,
    mime: 'application/pdf',
    size: 1,
    sha256: '0'.repeat(64),
  });
  return fileId;
}

/**
 * A parsed, ready document without the parse job: its file row, its chunks (made by the real
 * chunker from the given pages) and its terms, as the parse job stores them.
 */
export async function seedDocument(
  db: Db,
  input: { ownerId: number; collection: string; name: string; pages: readonly string[] },
): Promise<string> {
  const fileId = await seedFile(db, input.ownerId, input.name);
  const chunks = chunkUnits(input.pages.map((text, i) => ({ text, page: i + 1 })));
  await db.insert(documents).values({
    fileId,
    ownerId: input.ownerId,
    collection: input.collection,
    status: 'ready',
    pageCount: input.pages.length,
    chunkCount: chunks.length,
  });
  const index = new TermIndex(db);
  await db.transaction(async (tx) => {
    const stored: { id: number; text: string }[] = [];
    for (let i = 0; i < chunks.length; i += 1_000) {
      const rows = await tx
        .insert(documentChunks)
        .values(
          chunks.slice(i, i + 1_000).map((c, j) => ({
            fileId,
            collection: input.collection,
            ord: i + j,
            page: c.page,
            row: c.row,
            text: c.text,
          })),
        )
        .returning({ id: documentChunks.id, text: documentChunks.text });
      stored.push(...rows);
    }
    await index.write(tx, fileId, stored);
  });
  return fileId;
}
