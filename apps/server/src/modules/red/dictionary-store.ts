import type { RedProjectSave } from '@portal/contract';
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redBrands, redNoteBrands, redNotes, redProducts, redProjects } from '../../db/schema';
import { BrandMatcher, type DictionaryBrand } from './analysis/brand-matcher';
import { addWords } from './analysis/segmenter';
import { rebuildAggregates } from './daily-aggregates';

type SaveInput = {
  project_id?: number;
  name: string;
  brands: { name: string; aliases: string[]; products: { name: string; aliases: string[] }[] }[];
};

const REMATCH_BATCH = 2000;

/** Categories, brands and products with aliases: the dictionary notes are matched from. */
export class DictionaryStore {
  constructor(private readonly db: Db) {}

  async brands(): Promise<DictionaryBrand[]> {
    const brands = await this.db.select().from(redBrands).orderBy(asc(redBrands.id));
    const products = await this.db.select().from(redProducts).orderBy(asc(redProducts.id));
    return brands.map((b) => ({
      id: b.id,
      projectId: b.projectId,
      name: b.name,
      aliases: b.aliases,
      products: products.filter((p) => p.brandId === b.id).map((p) => ({ id: p.id, name: p.name, aliases: p.aliases })),
    }));
  }

  /** A matcher over the whole dictionary; its names join the segmenter's user dictionary. */
  async matcher(): Promise<BrandMatcher> {
    const matcher = new BrandMatcher(await this.brands());
    addWords(matcher.words());
    return matcher;
  }

  /**
   * Creates or replaces a category. Brands and products keep their ids by name (subscriptions
   * point at them); those no longer listed are removed. Answers null for an unknown project_id.
   */
  async save(input: SaveInput | RedProjectSave, isSample = false): Promise<number | null> {
    const data = input as SaveInput;
    return this.db.transaction(async (tx) => {
      let projectId: number;
      if (data.project_id) {
        const updated = await tx
          .update(redProjects)
          .set({ name: data.name, updatedAt: new Date() })
          .where(eq(redProjects.id, data.project_id))
          .returning({ id: redProjects.id });
        if (!updated[0]) return null;
        projectId = updated[0].id;
      } else {
        const [row] = await tx
          .insert(redProjects)
          .values({ name: data.name, isSample })
          .onConflictDoUpdate({ target: redProjects.name, set: { updatedAt: new Date() } })
          .returning({ id: redProjects.id });
        projectId = row!.id;
      }
      const names = [...new Set(data.brands.map((b) => b.name))];
      if (names.length > 0) {
        await tx.delete(redBrands).where(and(eq(redBrands.projectId, projectId), notInArray(redBrands.name, names)));
      } else {
        await tx.delete(redBrands).where(eq(redBrands.projectId, projectId));
      }
      for (const brand of data.brands) {
        const [row] = await tx
          .insert(redBrands)
          .values({ projectId, name: brand.name, aliases: unique(brand.aliases) })
          .onConflictDoUpdate({
            target: [redBrands.projectId, redBrands.name],
            set: { aliases: unique(brand.aliases) },
          })
          .returning({ id: redBrands.id });
        const brandId = row!.id;
        const productNames = [...new Set(brand.products.map((p) => p.name))];
        if (productNames.length > 0) {
          await tx
            .delete(redProducts)
            .where(and(eq(redProducts.brandId, brandId), notInArray(redProducts.name, productNames)));
        } else {
          await tx.delete(redProducts).where(eq(redProducts.brandId, brandId));
        }
        for (const product of brand.products) {
          await tx
            .insert(redProducts)
            .values({ brandId, name: product.name, aliases: unique(product.aliases) })
            .onConflictDoUpdate({
              target: [redProducts.brandId, redProducts.name],
              set: { aliases: unique(product.aliases) },
            });
        }
      }
      return projectId;
    });
  }

  /** Matches every stored note again after the dictionary changed (run as a job). */
  async rematchAll(signal?: AbortSignal): Promise<number> {
    const matcher = await this.matcher();
    let after = 0;
    let done = 0;
    for (;;) {
      if (signal?.aborted) throw new Error('aborted');
      const notes = await this.db
        .select({
          id: redNotes.id,
          title: redNotes.title,
          content: redNotes.content,
          topics: redNotes.topics,
          publishedAt: redNotes.publishedAt,
        })
        .from(redNotes)
        .where(gt(redNotes.id, after))
        .orderBy(asc(redNotes.id))
        .limit(REMATCH_BATCH);
      if (notes.length === 0) {
        // The category and brand aggregates again from the new mentions.
        await rebuildAggregates(this.db, 'dictionary');
        return done;
      }
      after = notes.at(-1)!.id;
      const rows = notes.flatMap((n) =>
        matcher.match(`${n.title}\n${n.content}\n${n.topics.join(' ')}`).map((m) => ({
          notePk: n.id,
          projectId: m.projectId,
          brandId: m.brandId,
          productIds: m.productIds,
          publishedAt: n.publishedAt,
        })),
      );
      await this.db.transaction(async (tx) => {
        await tx.delete(redNoteBrands).where(
          inArray(
            redNoteBrands.notePk,
            notes.map((n) => n.id),
          ),
        );
        if (rows.length > 0) await tx.insert(redNoteBrands).values(rows);
      });
      done += notes.length;
    }
  }

  async isEmpty(): Promise<boolean> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(redProjects);
    return (row?.n ?? 0) === 0;
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}
