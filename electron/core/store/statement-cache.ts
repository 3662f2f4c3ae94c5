import type Database from 'better-sqlite3';
import type { Db } from './db';

/** Named parameters, as the filtered queries bind them. */
export type Params = Record<string, string | number>;

/**
 * Prepares each SQL text once. Filtered queries are assembled from a fixed set of fragments
 * (see result-filter.ts), so the texts, and this cache, stay few: at most one per combination
 * of filter fields, sort column and direction.
 */
export function statementCache(db: Db) {
  const prepared = new Map<string, Database.Statement>();
  return <Row>(sql: string): Database.Statement<[Params], Row> => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement as Database.Statement<[Params], Row>;
  };
}
