import { FileButton, FileDrop } from '../../components/file-drop';
import { useI18n } from '../../i18n/i18n';

/** Where a spreadsheet of transactions comes in: dropped on the zone, or chosen with the button. */
export function DropZone({ onFile, maxRows }: { onFile: (file: File) => void; maxRows: number }) {
  const { t } = useI18n();
  return (
    <FileDrop title={t('import.drop.title')} onFile={onFile} testId="drop-zone">
      <p className="hint">{t('import.drop.or')}</p>
      <FileButton
        primary
        accept=".xlsx,.xls,.csv"
        label={t('import.drop.choose')}
        inputLabel={t('import.drop.input')}
        inputTestId="import-file-input"
        onFile={onFile}
      />
      <p className="hint">{t('import.drop.hint', { rows: maxRows })}</p>
    </FileDrop>
  );
}
