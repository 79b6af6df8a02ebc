import { sql, type SQL } from 'drizzle-orm';

/**
 * Interaction buckets of the high-performing-note aggregates: each value below 32 is its own
 * bucket, above it every power of two is cut in 16 (a bucket spans at most 1/16 of its lower
 * bound). The 90th percentile falls inside one bucket, and only that bucket's notes are read
 * from the notes themselves; fine enough that it holds few notes, coarse enough that a day of a
 * category is a few hundred rows.
 */
const EXACT = 32;
const STEPS = 16;
/** log2 of EXACT. */
const EXACT_BITS = 5;
/** log2 of STEPS. */
const STEP_BITS = 4;

/** The bucket of a value, as the SQL below computes it (kept for tests and for reading ranges). */
export function bucketOf(value: number): number {
  if (value < EXACT) return Math.max(0, value);
  const exponent = 31 - Math.clz32(value);
  return EXACT + (exponent - EXACT_BITS) * STEPS + ((value >>> (exponent - STEP_BITS)) & (STEPS - 1));
}

/** The values of a bucket: `lo` inclusive, `hi` exclusive. */
export function bucketRange(bucket: number): { lo: number; hi: number } {
  if (bucket < EXACT) return { lo: bucket, hi: bucket + 1 };
  const exponent = EXACT_BITS + Math.floor((bucket - EXACT) / STEPS);
  const step = (bucket - EXACT) % STEPS;
  const width = 2 ** (exponent - STEP_BITS);
  const lo = (STEPS + step) * width;
  return { lo, hi: lo + width };
}

/**
 * The bucket of an integer column in SQL. The exponent is the position of the highest set bit,
 * read from the value as a bit string (exact, unlike a floating-point logarithm).
 */
export function bucketSql(column: SQL): SQL {
  const exponent = sql`(32 - position('1' IN greatest(${column}, 1)::bit(32)::text))`;
  return sql`(CASE WHEN ${column} < ${sql.raw(String(EXACT))} THEN greatest(${column}, 0)
    ELSE ${sql.raw(String(EXACT))} + (${exponent} - ${sql.raw(String(EXACT_BITS))}) * ${sql.raw(String(STEPS))}
      + ((${column} >> (${exponent} - ${sql.raw(String(STEP_BITS))})) & ${sql.raw(String(STEPS - 1))}) END)`;
}

/**
 * Bands of STEPS buckets (0–15, 16–31, then one power of two each), the coarser grain the
 * aggregates also keep: the 90th percentile is placed in a band first, then in one of its buckets.
 */
export const BAND_BUCKETS = STEPS;

export const bandOf = (bucket: number): number => Math.floor(bucket / BAND_BUCKETS);

/** The buckets of a band: `lo` inclusive, `hi` exclusive. */
export const bandBuckets = (band: number) => ({ lo: band * BAND_BUCKETS, hi: (band + 1) * BAND_BUCKETS });

/** The band of a bucket in SQL (integer division, as bandOf). */
export const bandSql = (bucket: SQL): SQL => sql`(${bucket}) / ${sql.raw(String(BAND_BUCKETS))}`;
