import { describe, expect, it } from 'vitest';
import { messages, type Locale } from './messages';
import { expandPlurals, plural } from './plural';

const en = (value: number) => new Intl.NumberFormat('en').format(value);
const pt = (value: number) => new Intl.NumberFormat('pt-BR').format(value);
const rows = '{count, plural, one {# row} other {# rows}} will be looked up';

describe('plural', () => {
  it('picks the form the language calls for', () => {
    expect(plural('en', 1, { one: 'row', other: 'rows' })).toBe('row');
    expect(plural('en', 0, { one: 'row', other: 'rows' })).toBe('rows');
    expect(plural('pt-BR', 2, { one: 'linha', other: 'linhas' })).toBe('linhas');
    expect(plural('pt-BR', 1, { one: 'linha', other: 'linhas' })).toBe('linha');
  });

  it('expands a plural block, writing # in the locale', () => {
    expect(expandPlurals(rows, 'en', { count: 1 }, en)).toBe('1 row will be looked up');
    expect(expandPlurals(rows, 'en', { count: 4200 }, en)).toBe('4,200 rows will be looked up');
    const ptRows = '{count, plural, one {# linha} other {# linhas}}';
    expect(expandPlurals(ptRows, 'pt-BR', { count: 4200 }, pt)).toBe('4.200 linhas');
  });

  it('keeps other placeholders inside a form for the ordinary substitution', () => {
    const text = '{n, plural, one {one in {days} day} other {# in {days} days}}';
    expect(expandPlurals(text, 'en', { n: 3, days: 1 }, en)).toBe('3 in {days} days');
  });

  it('leaves a template without its count unchanged; a count given as text takes other', () => {
    expect(expandPlurals(rows, 'en', {}, en)).toBe(rows);
    expect(expandPlurals(rows, 'en', { count: '4,2k' }, en)).toBe('4,2k rows will be looked up');
    expect(expandPlurals('{count} of {total}', 'en', { count: 1 }, en)).toBe('{count} of {total}');
  });
});

/** Nouns that follow a count in the catalogues, in both languages; a rate (`rows/s`) is a unit. */
const countedNouns =
  /\{\w+\} (rows?|linhas?|transactions?|transaç(ão|ões)|batches|lotes?|times|vezes|devices?|dispositivos?|files?|arquivos?|problems?|problemas?|columns?|colunas?|outcomes?|desfechos?|uploads?|envios?|cells?|células?|older copies|cópias)\b(?!\/)/;

describe('every catalogue', () => {
  it('writes a count beside a noun through a plural block, never as "{count} rows"', () => {
    const offenders: string[] = [];
    for (const locale of Object.keys(messages) as Locale[]) {
      for (const [key, text] of Object.entries(messages[locale])) {
        if (countedNouns.test(text)) offenders.push(`${locale} ${key}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
