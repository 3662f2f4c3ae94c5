/**
 * The per-row tables (`batch_rows`, `lookups`, `result_index`, `lookup_insights`,
 * `insight_counts`) name their batch by `batches.key`, a small integer (migration 0013); the
 * batch's ID stays `batches.id`. This is the key of the batch whose ID is `id` (a bound parameter
 * or a column), for statements that are given the ID: SQLite reads it once per statement.
 */
export const batchKeyOf = (id: string) => `(SELECT key FROM batches WHERE id = ${id})`;
