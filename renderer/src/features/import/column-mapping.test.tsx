import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { autoMapColumns, type ColumnMapping } from '../../../../shared/spreadsheet/columns';
import { I18nProvider } from '../../i18n/i18n';
import type { Locale } from '../../i18n/messages';
import { ColumnMappingTable } from './column-mapping';

const headers = ['Pedido', 'Sessão', 'Telefone', 'Celular'];

const shown = (locale: Locale, mapping: ColumnMapping = autoMapColumns(headers)) =>
  renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <ColumnMappingTable
        headers={headers}
        topRows={[]}
        mapping={mapping}
        source="automatic"
        onMap={() => undefined}
      />
    </I18nProvider>,
  );

describe('the column mapping with two columns that could hold one field', () => {
  it('names the columns and the one used, in English and Portuguese', () => {
    expect(shown('en')).toContain(
      'Phone (whole): 2 columns could hold it (C: Telefone, D: Celular); column D is used. If another holds the right values, choose it above.',
    );
    expect(shown('pt-BR')).toContain(
      'Telefone (completo): 2 colunas podem conter este campo (C: Telefone, D: Celular); a coluna D está em uso. Se outra tiver os valores certos, escolha-a acima.',
    );
  });

  it('follows the columns chosen, and says nothing when each field has one', () => {
    expect(shown('en', { externalID: 0, sessionID: 1, phone: 2 })).toContain('column C is used');
    expect(shown('en', { externalID: 0, sessionID: 1 })).not.toContain('could hold');
  });
});
