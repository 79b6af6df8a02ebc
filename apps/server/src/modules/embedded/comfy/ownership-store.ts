import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { embeddedComfyFiles, embeddedComfyPrompts } from '../../../db/schema';

/** A file ComfyUI serves through `/view`. */
export interface ComfyFileRef {
  kind: string;
  subfolder: string;
  filename: string;
}

/** Who queued which prompt and whose files are whose: what the proxy filters ComfyUI's answers by. */
export class ComfyOwnership {
  constructor(private readonly db: Db) {}

  async recordPrompt(userId: number, promptId: string): Promise<void> {
    await this.db.insert(embeddedComfyPrompts).values({ promptId, userId }).onConflictDoNothing();
  }

  /** Of the given prompt ids, those the user queued. */
  async ownedOf(userId: number, promptIds: readonly string[]): Promise<Set<string>> {
    if (promptIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: embeddedComfyPrompts.promptId })
      .from(embeddedComfyPrompts)
      .where(and(eq(embeddedComfyPrompts.userId, userId), inArray(embeddedComfyPrompts.promptId, [...promptIds])));
    return new Set(rows.map((r) => r.id));
  }

  async owns(userId: number, promptId: string): Promise<boolean> {
    return (await this.ownedOf(userId, [promptId])).has(promptId);
  }

  async recordFiles(userId: number, files: readonly ComfyFileRef[]): Promise<void> {
    if (files.length === 0) return;
    await this.db
      .insert(embeddedComfyFiles)
      .values(files.map((f) => ({ userId, kind: f.kind, subfolder: f.subfolder, filename: f.filename })))
      .onConflictDoNothing();
  }

  async ownsFile(userId: number, file: ComfyFileRef): Promise<boolean> {
    return (await this.fileNames(userId, file.kind, file.subfolder, file.filename)).size > 0;
  }

  /** The names of the user's files directly in one of ComfyUI's folders (`output`, `input`, `temp`). */
  fileNamesIn(userId: number, kind: string): Promise<Set<string>> {
    return this.fileNames(userId, kind, '');
  }

  /** The user's file names in a folder's subfolder; only `filename` itself when it is given. */
  private async fileNames(userId: number, kind: string, subfolder: string, filename?: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ filename: embeddedComfyFiles.filename })
      .from(embeddedComfyFiles)
      .where(
        and(
          eq(embeddedComfyFiles.userId, userId),
          eq(embeddedComfyFiles.kind, kind),
          eq(embeddedComfyFiles.subfolder, subfolder),
          filename === undefined ? undefined : eq(embeddedComfyFiles.filename, filename),
        ),
      );
    return new Set(rows.map((r) => r.filename));
  }
}
