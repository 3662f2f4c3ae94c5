import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import type { SheetInfo } from '../../workers/import-protocol';
import { delimiterKey, encodingNames } from './format';
import { formatBytes } from '../../lib/format';
import { HeaderRowOptions, SheetOptions } from './sheet-options';

const kindKeys: Record<SheetInfo['kind'], MessageKey> = {
  xlsx: 'import.kind.xlsx',
  xls: 'import.kind.xls',
  csv: 'import.kind.csv',
};

interface FileOptionsProps {
  file: { name: string; size: number };
  sheet: SheetInfo;
  headerRow: number;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number) => void;
}

/** What was read, and the two choices about it: which sheet, which row names the columns. */
export function FileOptions({ file, sheet, headerRow, onSheet, onHeaderRow }: FileOptionsProps) {
  const { t, locale } = useI18n();
  const id = useId();
  return (
    <fieldset className="import-file">
      <legend>{t('import.file.legend')}</legend>
      <p data-testid="file-summary">
        {t('import.file.summary', {
          name: file.name,
          size: formatBytes(file.size, locale),
          kind: t(kindKeys[sheet.kind]),
        })}
        {' · '}
        {t('import.file.rows', { count: sheet.rowCount })}
      </p>
      {sheet.encoding && sheet.delimiter ? (
        <p className="hint" data-testid="file-csv">
          {t('import.file.csv', {
            encoding: encodingNames[sheet.encoding],
            delimiter: t(delimiterKey(sheet.delimiter)),
          })}
        </p>
      ) : null}
      <div className="import-choices">
        {sheet.sheetNames.length > 1 ? (
          <div className="stack">
            <label htmlFor={`${id}-sheet`}>{t('import.sheet')}</label>
            <select
              id={`${id}-sheet`}
              className="input"
              value={sheet.sheet}
              onChange={(event) => onSheet(event.target.value)}
              data-testid="sheet-select"
            >
              <SheetOptions sheet={sheet} />
            </select>
          </div>
        ) : null}
        <div className="stack grow">
          <label htmlFor={`${id}-header`}>{t('import.headerRow')}</label>
          <select
            id={`${id}-header`}
            className="input"
            value={headerRow}
            onChange={(event) => onHeaderRow(Number(event.target.value))}
            aria-describedby={`${id}-header-hint`}
            data-testid="header-row"
          >
            <HeaderRowOptions topRows={sheet.topRows} headerRow={headerRow} />
          </select>
          <p id={`${id}-header-hint`} className="hint">
            {t('import.headerRow.hint')}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
