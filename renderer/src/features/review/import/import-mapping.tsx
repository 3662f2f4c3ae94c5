import { useId } from 'react';
import type { OutcomeColumnMapping } from '../../../../../shared/outcomes/types';
import { useI18n } from '../../../i18n/i18n';
import type { OutcomeSheetInfo } from '../../../workers/outcomes-protocol';
import { parseOutcome } from '../../../../../shared/outcomes/outcome-names';
import { reviewOutcomes, type ReviewOutcome } from '../../../../../shared/domain/types';
import type { OutcomeField } from './use-outcome-import';
import { ColumnOptions, HeaderRowOptions, SheetOptions } from '../../import/sheet-options';
import { ColumnChoices } from '../../import/column-choices';
import { outcomeColumnChoices } from '../../../../../shared/outcomes/outcome-columns';

interface ImportMappingProps {
  sheet: OutcomeSheetInfo;
  headerRow: number;
  headers: string[];
  mapping: OutcomeColumnMapping;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number) => void;
  onMap: (field: OutcomeField, column: number | null) => void;
}

const fields: ReadonlyArray<{
  field: OutcomeField;
  label: 'review.import.idColumn' | 'review.import.outcomeColumn';
}> = [
  { field: 'transactionId', label: 'review.import.idColumn' },
  { field: 'outcome', label: 'review.import.outcomeColumn' },
];

/** The sheet, the row naming the columns, and the two columns: guessed, always changeable. */
export function ImportMapping(props: ImportMappingProps) {
  const { sheet, headerRow, headers, mapping } = props;
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset className="review-mapping">
      <legend>{t('review.import.mapping')}</legend>
      <div className="review-mapping-grid">
        {sheet.sheetNames.length > 1 ? (
          <label className="stack">
            {t('import.sheet')}
            <select
              className="input"
              value={sheet.sheet}
              onChange={(event) => props.onSheet(event.target.value)}
              data-testid="review-import-sheet"
            >
              <SheetOptions sheet={sheet} />
            </select>
          </label>
        ) : null}
        <label className="stack">
          {t('import.headerRow')}
          <select
            className="input"
            value={headerRow}
            onChange={(event) => props.onHeaderRow(Number(event.target.value))}
            data-testid="review-import-header-row"
          >
            <HeaderRowOptions topRows={sheet.topRows} headerRow={headerRow} plain={isOutcomeText} />
          </select>
        </label>
        {fields.map(({ field, label }) => (
          <div key={field} className="stack">
            <label htmlFor={`${id}-${field}`}>{t(label)}</label>
            <select
              id={`${id}-${field}`}
              className="input"
              value={mapping[field] ?? ''}
              aria-invalid={mapping[field] === undefined}
              onChange={(event) =>
                props.onMap(field, event.target.value === '' ? null : Number(event.target.value))
              }
              data-testid={`review-map-${field}`}
            >
              <ColumnOptions headers={headers} topRows={sheet.topRows} />
            </select>
          </div>
        ))}
      </div>
      <ColumnChoices
        choices={outcomeColumnChoices(headers, mapping)}
        label={(field) =>
          t(field === 'transactionId' ? 'review.import.idColumn' : 'review.import.outcomeColumn')
        }
      />
      {mapping.transactionId === undefined || mapping.outcome === undefined ? (
        <p className="notice notice-error" role="alert" data-testid="review-mapping-missing">
          {t('review.import.mappingMissing')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An outcome as a case system writes it ("fraude confirmada", "Legítima"): not personal data. */
function isOutcomeText(text: string): boolean {
  return parseOutcome(text) !== null || reviewOutcomes.includes(text as ReviewOutcome);
}
