import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; queries cast their columns
 * (`::text`, `::int`, `::float8`) so the values have the same JS type on either engine.
 */
export async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
