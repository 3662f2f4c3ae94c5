const rules = new Map<string, Intl.PluralRules>();

/**
 * `1 row`, `2 rows`, `0 rows` (English) or `0 linha`… as the locale's plural rules say: which
 * form a count takes differs by language (Portuguese says "0 linha" in some uses; English never
 * "0 row"), so the choice is Intl.PluralRules', never `count === 1`.
 */
export function pluralForm(
  count: number,
  forms: { one: string; other: string },
  locale = 'en',
): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count) === 'one' ? forms.one : forms.other;
}

/** The count and its noun: `counted(1, 'row', 'rows')` is `1 row`. */
export function counted(count: number, one: string, other: string, locale = 'en'): string {
  return `${String(count)} ${pluralForm(count, { one, other }, locale)}`;
}
