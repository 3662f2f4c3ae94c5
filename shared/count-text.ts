/**
 * A count and its noun in English, for the core's messages and `dcdesk` (the renderer has its
 * own catalogues, with plural blocks in both languages): `counted(1, 'row')` → `1 row`,
 * `counted(3, 'row')` → `3 rows`, `counted(12500, 'row')` → `12,500 rows`, so no message reads
 * "1 rows". Which form a count takes is
 * Intl.PluralRules' choice (0 plural in Portuguese: plural-rule.ts), never `count === 1`.
 */
import { pluralCategory } from './plural-rule';
import { formatCount } from './spreadsheet/problem';

/** The form of a word (or of a verb agreeing with a count) that `count` takes in `locale`. */
export function pluralForm(
  count: number,
  forms: { one: string; other: string },
  locale = 'en',
): string {
  return pluralCategory(locale, count) === 'one' ? forms.one : forms.other;
}

export function counted(count: number, singular: string, plural = `${singular}s`): string {
  // Thousands grouped, as English writes them: `476,624 rows`.
  return `${formatCount(count)} ${pluralForm(count, { one: singular, other: plural })}`;
}
