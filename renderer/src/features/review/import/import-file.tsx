import { FileButton, FileDrop } from '../../../components/file-drop';
import { useI18n } from '../../../i18n/i18n';

/** Where an outcomes spreadsheet comes in: dropped on the zone, or chosen with the button. */
export function ImportFile({ onFile, maxRows }: { onFile: (file: File) => void; maxRows: number }) {
  const { t } = useI18n();
  return (
    <FileDrop compact title={t('review.import.drop')} onFile={onFile}>
      <FileButton
        primary
        accept=".xlsx,.xls,.csv"
        label={t('review.import.choose')}
        inputLabel={t('review.import.input')}
        testId="review-import-choose"
        inputTestId="review-import-input"
        onFile={onFile}
      />
      <p className="hint">{t('review.import.hint', { rows: maxRows })}</p>
    </FileDrop>
  );
}
