/**
 * `column` is exactly `id` (a transaction or device ID), found through the column's only index,
 * which ignores case (migrations 0012 and 0013: search finds IDs in any case, and one index per
 * ID is what a row can afford). The NOCASE comparison lets SQLite use that index; the exact one
 * keeps only the ID itself, as an outcome belongs to the transaction as the service knows it.
 */
export const sameId = (column: string, id: string) =>
  `${column} = ${id} COLLATE NOCASE AND ${column} = ${id}`;

/** `column` is exactly one of the IDs of `list` (a subquery), found the same way. */
export const idIn = (column: string, list: string) =>
  `${column} COLLATE NOCASE IN ${list} AND ${column} IN ${list}`;
