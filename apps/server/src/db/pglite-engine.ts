import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * The parsers drizzle-orm hands PGlite with every query (drizzle-orm/pglite/session.js): dates,
 * timestamps and intervals, and arrays of them and of numerics, come back as text that drizzle
 * maps itself.
 */
const DRIZZLE_PARSERS: ParserOptions = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/**
 * PGlite with drizzle's parsers set once on the engine rather than given with each query. PGlite
 * merges a query's parsers into a fresh copy of its whole table of type parsers (some 200 entries
 * with the array types): about 100 KB of garbage per statement, measured by heap sampling under
 * the stream bench. That made a young-generation collection every few requests, each a pause of
 * 1–3 ms for whatever request met it. Set on the engine, the parsers give the same results.
 */
export class PortalPglite extends PGlite {
  // Also run by refreshArrayTypes, which would put PGlite's own array parsers back.
  override async _initArrayTypes(options?: { force?: boolean }): Promise<void> {
    await super._initArrayTypes(options);
    Object.assign(this.parsers, DRIZZLE_PARSERS);
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, withoutParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) =>
      callback(
        // The transaction's other members (its `closed` getter among them) stay as PGlite made them.
        Object.create(tx, {
          query: { value: <R>(q: string, p?: unknown[], o?: QueryOptions) => tx.query<R>(q, p, withoutParsers(o)) },
        }) as Transaction,
      ),
    );
  }
}
