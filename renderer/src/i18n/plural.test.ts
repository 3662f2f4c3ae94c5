import { describe, expect, it } from 'vitest';
import { messages, type Locale } from './messages';
import { expandPlurals, plural } from './plural';
import { translate } from './translate';

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

  it('says 0 linhas in Portuguese: Brazilians read "0 linha" as a mistake, whatever CLDR says', () => {
    expect(plural('pt-BR', 0, { one: 'linha', other: 'linhas' })).toBe('linhas');
    expect(plural('pt-BR', 1.5, { one: 'linha', other: 'linhas' })).toBe('linha');
    const pt = translate('pt-BR');
    expect(pt('uploads.build.summary', { total: 0, unsent: 0, env: 'Sandbox' })).toBe(
      '0 revisadas · 0 ainda não enviadas para Sandbox',
    );
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

/**
 * Words that follow a count in the catalogues and agree with it, in both languages: nouns, and
 * the verbs and adjectives of a bare count ("{count} were reviewed"). A rate (`rows/s`) is a unit;
 * the top of a range ("{min} to {max} digits") and a name are not counts.
 */
const countedNouns =
  /(?<!(?:to|a) )\{(?!name\b|env\b|where\b)\w+\} (rows?|linhas?|transactions?|transaç(ão|ões)|batches|lotes?|times|vezes|devices?|dispositivos?|files?|arquivos?|problems?|problemas?|columns?|colunas?|outcomes?|desfechos?|uploads?|envios?|cells?|células?|older copies|cópias|(external )?IDs|DeviceIds|days?|dias?|digits|dígitos|characters|caracteres|cases|casos|fraud|legitimate|legítim[oa]s|bins|faixas|lookups|consultas|was|were|foi|foram|revisad[oa]s|of its rows|das suas linhas)\b(?!\/)/;

/** The text of each form of each plural block in `text`, nested blocks included. */
function pluralForms(text: string): string[] {
  const found: string[] = [];
  for (const block of text.matchAll(/\{\w+,\s*plural,/g)) {
    let depth = 0;
    let formStart = -1;
    for (let i = block.index; i < text.length; i += 1) {
      if (text[i] === '{') {
        depth += 1;
        if (depth === 2) formStart = i + 1;
      } else if (text[i] === '}') {
        if (depth === 2) found.push(text.slice(formStart, i));
        depth -= 1;
        if (depth === 0) break;
      }
    }
  }
  return found;
}

describe('a # inside a plural form', () => {
  it('is the count, unless quoted as ICU quotes it', () => {
    const text = "{count, plural, one {# cell holds '#'N/A} other {# cells hold '#'N/A}}";
    expect(expandPlurals(text, 'en', { count: 2 }, en)).toBe('2 cells hold #N/A');
  });

  it('is never meant as a sign in a catalogue: an Excel error such as #N/A is quoted', () => {
    const offenders: string[] = [];
    for (const locale of Object.keys(messages) as Locale[])
      for (const [key, text] of Object.entries(messages[locale]))
        for (const form of pluralForms(text))
          // The count stands alone: "# rows", "(#)"; "#N/A", "#{id}" or "nº#" are a sign.
          if (/[\p{L}\p{N}]#|#[\p{L}\p{N}{#]/u.test(form.replace(/'#'/g, '')))
            offenders.push(`${locale} ${key}: ${form}`);
    expect(offenders).toEqual([]);
  });

  it('shows the Excel errors of the import notice as Excel writes them', () => {
    expect(translate('en')('import.errorCells.hint', { count: 1 })).toContain(
      '(such as #N/A, #NAME? or #REF!)',
    );
    expect(translate('pt-BR')('import.errorCells.hint', { count: 3 })).toContain(
      '(como #N/D, #NOME? ou #REF!)',
    );
  });
});

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

describe('a count of one, in both languages', () => {
  const en = translate('en');
  const pt = translate('pt-BR');

  it('reads in the singular where the testers found plurals', () => {
    expect(en('import.duplicates.intro', { groups: 1 })).toMatch(/^1 external ID appears on/);
    expect(pt('import.duplicates.intro', { groups: 1 })).toMatch(/^1 ID externo aparece em/);
    expect(en('import.recent.none', { days: 1 })).toBe(
      'None of these rows was looked up in the last day.',
    );
    expect(pt('import.recent.none', { days: 2 })).toBe(
      'Nenhuma destas linhas foi consultada nos últimos 2 dias.',
    );
    expect(en('uploads.devices.unseen', { count: 1 })).toMatch(
      /^1 DeviceId of this file appears in no answer of this history, nor with the same transaction/,
    );
    expect(pt('uploads.devices.unseen', { count: 2 })).toMatch(
      /^2 DeviceIds deste arquivo não aparecem em nenhuma resposta deste histórico, nem com a mesma/,
    );
    expect(en('uploads.devices.otherDevice', { count: 1, env: 'Sandbox' })).toMatch(
      /^1 row of this file pairs a transaction with a DeviceId that no answer of Sandbox gave it/,
    );
    expect(pt('uploads.devices.otherDevice', { count: 3, env: 'Sandbox' })).toMatch(
      /^3 linhas deste arquivo juntam uma transação a um DeviceId que nenhuma resposta de Sandbox/,
    );
    expect(en('uploads.devices.unpaired', { count: 2, env: 'Sandbox' })).toMatch(
      /^2 rows of this file pair a DeviceId known in Sandbox with a transaction this history never/,
    );
    expect(pt('uploads.devices.unpaired', { count: 1, env: 'Sandbox' })).toMatch(
      /^1 linha deste arquivo junta um DeviceId conhecido em Sandbox a uma transação que este/,
    );
    expect(pt('uploads.devices.foreign', { count: 1, where: 'Sandbox', env: 'Produção' })).toMatch(
      /^1 DeviceId deste arquivo vem apenas de respostas de Sandbox, nunca de Produção, que não o/,
    );
    expect(en('uploads.guard.changedSince', { count: 1 })).toMatch(
      /^1 of its rows no longer matches the outcomes/,
    );
    expect(pt('uploads.build.summary', { total: 1, unsent: 1200, env: 'Sandbox' })).toBe(
      '1 revisada · 1.200 ainda não enviadas para Sandbox',
    );
    expect(en('settings.purgeKept', { kept: 1 })).toMatch(/^1 older batch was kept: it is /);
    expect(pt('settings.purgeKept', { kept: 1 })).toMatch(/^1 lote mais antigo foi mantido: está /);
    expect(pt('settings.purgeKept', { kept: 2 })).toMatch(/^2 lotes mais antigos foram mantidos/);
  });
});
