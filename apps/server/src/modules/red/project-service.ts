import type { RedArticleSelectList, RedBrand, RedProject, RedSubscription } from '@portal/contract';
import { redSentimentLabels, RED_SENTIMENTS } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redBrands, redBrandSubscriptions, redProjects, redProjectSubscriptions } from '../../db/schema';
import { rows } from '../../lib/sql-rows';

/** Categories with their brands and products, and each user's subscriptions to them. */
export class ProjectService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<RedProject[]> {
    return rows<RedProject>(
      this.db,
      sql`SELECT p.id::int AS project_id, p.name, p.is_sample,
            (SELECT count(*)::int FROM red_brands b WHERE b.project_id = p.id) AS brand_count,
            (SELECT count(DISTINCT nb.note_pk)::int FROM red_note_brands nb WHERE nb.project_id = p.id) AS note_count,
            EXISTS (SELECT 1 FROM red_project_subscriptions s WHERE s.user_id = ${userId} AND s.project_id = p.id) AS subscribed
          FROM red_projects p ORDER BY p.is_sample, p.id`,
    );
  }

  async exists(projectId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: redProjects.id }).from(redProjects).where(eq(redProjects.id, projectId));
    return Boolean(row);
  }

  async brandProducts(userId: number, projectId: number): Promise<RedBrand[]> {
    return rows<RedBrand>(
      this.db,
      sql`SELECT b.id::int AS brand_id, b.name, b.aliases,
            coalesce((SELECT jsonb_agg(jsonb_build_object('product_id', p.id, 'name', p.name, 'aliases', p.aliases) ORDER BY p.id)
                      FROM red_products p WHERE p.brand_id = b.id), '[]'::jsonb) AS products,
            EXISTS (SELECT 1 FROM red_brand_subscriptions s WHERE s.user_id = ${userId} AND s.brand_id = b.id) AS subscribed
          FROM red_brands b WHERE b.project_id = ${projectId} ORDER BY b.id`,
    );
  }

  async subscriptions(userId: number): Promise<RedSubscription[]> {
    return rows<RedSubscription>(
      this.db,
      sql`SELECT p.id::int AS project_id, p.name, p.is_sample,
            coalesce((SELECT jsonb_agg(jsonb_build_object('brand_id', b.id, 'name', b.name) ORDER BY b.id)
                      FROM red_brand_subscriptions bs JOIN red_brands b ON b.id = bs.brand_id
                      WHERE bs.user_id = ${userId} AND b.project_id = p.id), '[]'::jsonb) AS brands
          FROM red_project_subscriptions s JOIN red_projects p ON p.id = s.project_id
          WHERE s.user_id = ${userId} ORDER BY s.created_at, p.id`,
    );
  }

  /** False when there is no such category. */
  async subscribeProject(userId: number, projectId: number, on: boolean): Promise<boolean> {
    if (!(await this.exists(projectId))) return false;
    if (on) {
      await this.db.insert(redProjectSubscriptions).values({ userId, projectId }).onConflictDoNothing();
    } else {
      await this.db.transaction(async (tx) => {
        await tx
          .delete(redProjectSubscriptions)
          .where(and(eq(redProjectSubscriptions.userId, userId), eq(redProjectSubscriptions.projectId, projectId)));
        // Brands of a category no longer followed are dropped with it.
        await tx.execute(
          sql`DELETE FROM red_brand_subscriptions s USING red_brands b
              WHERE s.brand_id = b.id AND s.user_id = ${userId} AND b.project_id = ${projectId}`,
        );
      });
    }
    return true;
  }

  /** Subscribing to a brand subscribes to its category too. False when there is no such brand. */
  async subscribeBrand(userId: number, brandId: number, on: boolean): Promise<boolean> {
    const [brand] = await this.db.select().from(redBrands).where(eq(redBrands.id, brandId));
    if (!brand) return false;
    if (on) {
      await this.db.transaction(async (tx) => {
        await tx.insert(redProjectSubscriptions).values({ userId, projectId: brand.projectId }).onConflictDoNothing();
        await tx.insert(redBrandSubscriptions).values({ userId, brandId }).onConflictDoNothing();
      });
    } else {
      await this.db
        .delete(redBrandSubscriptions)
        .where(and(eq(redBrandSubscriptions.userId, userId), eq(redBrandSubscriptions.brandId, brandId)));
    }
    return true;
  }

  async selectList(): Promise<RedArticleSelectList> {
    const projects = await rows<RedArticleSelectList['projects'][number]>(
      this.db,
      sql`SELECT p.id::int AS project_id, p.name,
            coalesce((SELECT jsonb_agg(jsonb_build_object('brand_id', b.id, 'name', b.name) ORDER BY b.id)
                      FROM red_brands b WHERE b.project_id = p.id), '[]'::jsonb) AS brands
          FROM red_projects p ORDER BY p.is_sample, p.id`,
    );
    return {
      projects,
      sentiments: RED_SENTIMENTS.map((value) => ({ value, label: redSentimentLabels[value] })),
      sorts: [
        { value: 'published', label: '最新发布' },
        { value: 'interactions', label: '互动最多' },
      ],
    };
  }
}
