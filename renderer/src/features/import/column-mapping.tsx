import { useId } from 'react';
import { columnChoices, mappableFields } from '../../../../shared/spreadsheet/columns';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import type { Cell } from '../../../../shared/spreadsheet/types';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { hasRequiredColumns, type MappingSource } from './import-reducer';
import { headersHoldData } from './mapping-memory';
import { fieldLabels } from './problem-text';
import { ColumnOptions } from './sheet-options';
import { ColumnChoices } from './column-choices';

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
        {/* A first row of data is never remembered (mapping-memory.ts): the analyst is told why. */}
        {t(
          source === 'edited' && headersHoldData(headers)
            ? 'import.mapping.notRemembered'
            : sourceKeys[source],
        )}
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
      <ColumnChoices
        choices={columnChoices(headers, mapping)}
        label={(field) => t(fieldLabels[field])}
      />
      <p className="hint">{t('import.mapping.phoneHint')}</p>
      {complete ? null : (
        <p className="notice notice-error" role="alert" data-testid="mapping-missing">
          {t('import.mapping.missing')}
        </p>
      )}
    </fieldset>
  );
}
