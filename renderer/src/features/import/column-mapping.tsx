import { useId } from 'react';
import { columnChoices, mappableFields } from '../../../../shared/spreadsheet/columns';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import { columnName } from '../../../../shared/spreadsheet/problem';
import type { RepeatedHeader } from '../../../../shared/spreadsheet/repeated-headers';
import type { Cell } from '../../../../shared/spreadsheet/types';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { hasRequiredColumns, type MappingSource } from './import-reducer';
import { fieldLabels } from './problem-text';
import { ColumnOptions } from './sheet-options';

const required = new Set<MappableField>(['sessionID', 'externalID']);
const sourceKeys: Record<MappingSource, MessageKey> = {
  remembered: 'import.mapping.remembered',
  automatic: 'import.mapping.automatic',
  edited: 'import.mapping.edited',
};

interface ColumnMappingProps {
  headers: string[];
  topRows: Cell[][];
  mapping: ColumnMapping;
  source: MappingSource;
  onMap: (field: MappableField, column: number | null) => void;
}

/** Which column holds each field: guessed or remembered, always the analyst's to change. */
export function ColumnMappingTable({
  headers,
  topRows,
  mapping,
  source,
  onMap,
}: ColumnMappingProps) {
  const { t } = useI18n();
  const id = useId();
  const complete = hasRequiredColumns(mapping);
  return (
    <fieldset className="import-mapping">
      <legend>{t('import.mapping.legend')}</legend>
      <p className="hint" data-testid="mapping-source">
        {t(sourceKeys[source])}
      </p>
      <table className="mapping-table">
        <thead>
          <tr>
            <th scope="col">{t('import.mapping.field')}</th>
            <th scope="col">{t('import.mapping.column')}</th>
          </tr>
        </thead>
        <tbody>
          {mappableFields.map((field) => (
            <tr key={field}>
              <th scope="row">
                <label htmlFor={`${id}-${field}`}>
                  {t(fieldLabels[field])}
                  {required.has(field) ? (
                    <span className="mapping-required"> ({t('import.mapping.required')})</span>
                  ) : null}
                </label>
              </th>
              <td>
                <select
                  id={`${id}-${field}`}
                  className="input"
                  value={mapping[field] ?? ''}
                  aria-invalid={required.has(field) && mapping[field] === undefined}
                  onChange={(event) =>
                    onMap(field, event.target.value === '' ? null : Number(event.target.value))
                  }
                  data-testid={`map-${field}`}
                >
                  <ColumnOptions headers={headers} topRows={topRows} />
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ColumnChoices choices={columnChoices(headers, mapping)} />
      <p className="hint">{t('import.mapping.phoneHint')}</p>
      {complete ? null : (
        <p className="notice notice-error" role="alert" data-testid="mapping-missing">
          {t('import.mapping.missing')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Fields that more than one column could hold (`Telefone` and `Celular`, `CPF` twice), with the
 * one used: the same notice `dcdesk` prints, so a guess between two columns is never silent.
 * Columns are named as the selects name them (`C: Telefone`).
 */
function ColumnChoices({ choices }: { choices: Array<RepeatedHeader<MappableField>> }) {
  const { t } = useI18n();
  if (choices.length === 0) return null;
  return (
    <ul className="notice" data-testid="mapping-choices">
      {choices.map((choice) => {
        const columns = [
          { column: choice.used, header: choice.header },
          ...choice.others.map((column, index) => ({
            column,
            header: choice.otherHeaders[index] ?? '',
          })),
        ].sort((a, b) => a.column - b.column);
        return (
          <li key={choice.field}>
            {t('import.mapping.choice', {
              field: t(fieldLabels[choice.field]),
              count: columns.length,
              columns: columns
                .map(({ column, header }) => `${columnName(column)}: ${header}`)
                .join(', '),
              used: columnName(choice.used),
            })}
          </li>
        );
      })}
    </ul>
  );
}
