/**
 * A count and its noun in English, for the core's messages and `dcdesk` (the renderer has its
 * own catalogues, with plural blocks in both languages): `counted(1, 'row')` → `1 row`,
 * `counted(3, 'row')` → `3 rows`, so no message reads "1 rows".
 */
const rules = new Intl.PluralRules('en');

export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${rules.select(count) === 'one' ? singular : plural}`;
}
