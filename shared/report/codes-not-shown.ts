import { pluralCategory } from '../plural-rule';
import { smallCount } from './breakdowns';
import { codeLimit, type CodeRate, type CodesNotShown } from './code-limit';

interface Counted {
  one: string;
  other: string;
}

/**
 * The insight codes a table leaves out (`withTopCodes`): how many, how many of those are on too
 * few rows to say anything, which codes the table keeps, and how to see every one. "More" only
 * when the table lists some.
 */
const words: Record<
  'en' | 'pt',
  Record<'more' | 'none' | 'fewRows', Counted> & Record<'rule' | 'every' | 'everyOnScreen', string>
> = {
  en: {
    more: {
      one: '{count} more insight code is not shown',
      other: '{count} more insight codes are not shown',
    },
    none: {
      one: '{count} insight code is not shown',
      other: '{count} insight codes are not shown',
    },
    fewRows: {
      one: '{count} of them is on fewer than {min} labelled rows',
      other: '{count} of them are on fewer than {min} labelled rows',
    },
    rule: 'The table lists the codes on the most labelled rows, up to {limit}, each on {min} or more.',
    every: 'Every code: dcdesk report --json, or --all-codes with its text or --html page.',
    everyOnScreen: 'Every code: Save every code as CSV (above), or dcdesk report --json.',
  },
  pt: {
    more: {
      one: '{count} código de insight a mais não aparece',
      other: '{count} códigos de insight a mais não aparecem',
    },
    none: {
      one: '{count} código de insight não aparece',
      other: '{count} códigos de insight não aparecem',
    },
    fewRows: {
      one: '{count} deles está em menos de {min} linhas rotuladas',
      other: '{count} deles estão em menos de {min} linhas rotuladas',
    },
    rule: 'A tabela lista os códigos com mais linhas rotuladas, até {limit}, cada um com {min} ou mais.',
    every: 'Todos os códigos: dcdesk report --json, ou --all-codes no texto ou na página --html.',
    everyOnScreen:
      'Todos os códigos: Salvar todos os códigos em CSV (acima), ou dcdesk report --json.',
  },
};

/**
 * The line under the code table when it leaves codes out, in the locale's words and plurals;
 * null when the table lists every code. On the screen (`where`), the way to every code is its
 * CSV button; in the saved page and the command's text, the command's flags.
 */
export function codesNotShownText(
  locale: 'en-US' | 'pt-BR',
  report: { insightCodes: readonly CodeRate[]; insightCodesNotShown: CodesNotShown },
  where: 'screen' | 'file' = 'file',
): string | null {
  const { codes, fewRows } = report.insightCodesNotShown;
  if (codes === 0) return null;
  const said = words[locale === 'pt-BR' ? 'pt' : 'en'];
  const number = new Intl.NumberFormat(locale);
  const counted = (forms: Counted, value: number) =>
    (pluralCategory(locale, value) === 'one' ? forms.one : forms.other)
      .replace('{count}', number.format(value))
      .replace('{min}', number.format(smallCount))
      .replace('{limit}', number.format(codeLimit));
  const notShown = counted(report.insightCodes.length > 0 ? said.more : said.none, codes);
  const few = fewRows === 0 ? '' : ` (${counted(said.fewRows, fewRows)})`;
  const rule = counted({ one: said.rule, other: said.rule }, codeLimit);
  return `${notShown}${few}. ${rule} ${where === 'screen' ? said.everyOnScreen : said.every}`;
}
