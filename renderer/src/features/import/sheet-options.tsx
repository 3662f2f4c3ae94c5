import { columnName } from '../../../../shared/spreadsheet/problem';
import type { Cell } from '../../../../shared/spreadsheet/types';
import { useI18n } from '../../i18n/i18n';
import type { SheetInfo } from '../../workers/sheet';
import { shownHeaders } from '../../../../shared/spreadsheet/shown-headers';
import { rowPreview } from './personal-data';

interface HeaderRowOptionsProps {
  topRows: Cell[][];
  /** The chosen header row, shown as written: its cells name the columns. */
  headerRow: number;
  /** Values known not to be personal data, shown as written in every row. */
  plain?: (text: string) => boolean;
}

/**
 * The options of a header-row select: each of the first rows, by number, previewed. Data rows
 * are masked; the chosen header row is not, since the column choices show its names anyway,
 * unless it holds data (a file without a header row): then both mask it.
 */
export function HeaderRowOptions({ topRows, headerRow, plain }: HeaderRowOptionsProps) {
  const { t } = useI18n();
  return topRows.map((cells, index) => (
    <option key={index} value={index}>
      {t('import.headerRow.option', {
        row: String(index + 1),
        preview:
          rowPreview(cells, undefined, { header: index === headerRow, plain }) ||
          t('import.headerRow.empty'),
      })}
    </option>
  ));
}

/**
 * The options of a column select: none, then every column by letter and header. Data may run past
 * the last named column, so the widest of the first rows counts too.
 */
export function ColumnOptions(props: { headers: string[]; topRows: Cell[][] }) {
  const { topRows } = props;
  const { t } = useI18n();
  // A first row of data taken for the names is masked, as the rows below it are.
  const headers = shownHeaders(props.headers);
  const width = Math.max(headers.length, ...topRows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, column) => column);
  return (
    <>
      <option value="">{t('import.mapping.none')}</option>
      {columns.map((column) => (
        <option key={column} value={column}>
          {`${columnName(column)}: ${headers[column] || t('import.mapping.noName')}`}
        </option>
      ))}
    </>
  );
}

/**
 * The options of a sheet list: every sheet, those Excel does not show marked "(hidden)", so an
 * analyst who never saw a sheet when opening the file knows why it is listed.
 */
export function SheetOptions({ sheet }: { sheet: Pick<SheetInfo, 'sheetNames' | 'hiddenSheets'> }) {
  const { t } = useI18n();
  const hidden = new Set(sheet.hiddenSheets ?? []);
  return (
    <>
      {sheet.sheetNames.map((name) => (
        <option key={name} value={name}>
          {hidden.has(name) ? t('import.sheetHidden', { name }) : name}
        </option>
      ))}
    </>
  );
}
