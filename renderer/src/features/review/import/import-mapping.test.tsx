import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { autoMapOutcomeColumns } from '../../../../../shared/outcomes/outcome-columns';
import { I18nProvider } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/messages';
import { ImportMapping } from './import-mapping';

const headers = ['Pedido', 'ID Transacional', 'Resultado'];
const text = (value: string) => ({ text: value, numeric: false });

const shown = (locale: Locale) =>
  renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <ImportMapping
        sheet={{
          kind: 'csv',
          sheetNames: ['outcomes'],
          sheet: 'outcomes',
          rowCount: 2,
          topRows: [headers.map(text), ['order-1', 'tx-1', 'Suspeito'].map(text)],
          headerRow: 0,
        }}
        headerRow={0}
        headers={headers}
        mapping={autoMapOutcomeColumns(headers)}
        onSheet={() => undefined}
        onHeaderRow={() => undefined}
        onMap={() => undefined}
      />
    </I18nProvider>,
  );

describe('the outcome columns with two that could hold the transaction id', () => {
  it('names the columns and the one used, in English and Portuguese', () => {
    expect(shown('en')).toContain(
      'Transaction ID: 2 columns could hold it (A: Pedido, B: ID Transacional); column A is used.',
    );
    expect(shown('pt-BR')).toContain(
      'ID transacional: 2 colunas podem conter este campo (A: Pedido, B: ID Transacional); a coluna A está em uso.',
    );
  });
});
