/**
 * The plural category of a count in a locale, for the window's catalogues, the report and
 * `dcdesk` alike, so they never disagree. It is `Intl.PluralRules`' choice, with one exception:
 * CLDR's Portuguese rule puts 0 with 1 ("0 linha"), as European usage allows, but Brazilian
 * analysts read "0 linha corresponde" or "0 lote removido" as a mistake and write "0 linhas";
 * so in Portuguese 0 takes the plural. Other counts (1, and 1,5 as "1,5 linha") keep CLDR's form.
 */
const rules = new Map<string, Intl.PluralRules>();

export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  if (count === 0 && locale.toLowerCase().startsWith('pt')) return 'other';
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count);
}
