/**
 * A list as one cell of a results file (CSV and XLSX alike): its items joined by ` | `, a `\` or
 * `|` inside an item written `\\` or `\|`. Joined by spaces, `["a b", "c"]` and `["a", "b", "c"]`
 * read the same; this way every item can be told apart, and split back by an unescaped `|`.
 */
export function listCell(items: readonly (string | number)[]): string {
  return items.map((item) => String(item).replace(/[\\|]/g, (found) => `\\${found}`)).join(' | ');
}
