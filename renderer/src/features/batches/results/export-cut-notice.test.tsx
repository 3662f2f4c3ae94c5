import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SavedExport } from '../../../../../shared/contract/results';
import { I18nProvider } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/messages';
import { ExportCutNotice } from './export-cut-notice';

const saved = (cutCells?: number): SavedExport => ({
  outcome: 'saved',
  fileName: 'pedidos-results.xlsx',
  rows: 3,
  path: '/tmp/pedidos-results.xlsx',
  ...(cutCells === undefined ? {} : { cutCells }),
});

const shown = (locale: Locale, file: SavedExport | undefined) =>
  renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <ExportCutNotice saved={file} />
    </I18nProvider>,
  );

describe('an XLSX export with cells too long for Excel', () => {
  it('says how many cells were cut, and where everything is, in both languages', () => {
    expect(shown('en', saved(2))).toContain(
      '2 cells were longer than the 32,767 characters an Excel cell holds',
    );
    expect(shown('en', saved(1))).toContain('1 cell was longer');
    expect(shown('en', saved(2))).toContain('Export CSV to have every item.');
    expect(shown('pt-BR', saved(2))).toContain(
      '2 células passavam dos 32.767 caracteres que uma célula do Excel comporta: cortadas',
    );
  });

  it('says nothing when nothing was cut, or nothing was saved', () => {
    expect(shown('en', saved(0))).toBe('');
    expect(shown('en', saved())).toBe('');
    expect(shown('en', { outcome: 'cancelled', fileName: 'x.xlsx' })).toBe('');
    expect(shown('en', undefined)).toBe('');
  });
});
