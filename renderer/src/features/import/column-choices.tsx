import { columnName } from '../../../../shared/spreadsheet/problem';
import type { RepeatedHeader } from '../../../../shared/spreadsheet/repeated-headers';
import { useI18n } from '../../i18n/i18n';

interface ColumnChoicesProps<F extends string> {
  choices: Array<RepeatedHeader<F>>;
  /** The field as the screen's own selects label it. */
  label: (field: F) => string;
}

/**
 * Fields that more than one column could hold (`Telefone` and `Celular`, `CPF` twice), with the
 * one used: the same notice `dcdesk` prints, so a guess between two columns is never silent.
 * Columns are named as the selects name them (`C: Telefone`).
 */
export function ColumnChoices<F extends string>({ choices, label }: ColumnChoicesProps<F>) {
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
              field: label(choice.field),
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
