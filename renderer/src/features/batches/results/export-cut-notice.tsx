import type { SavedExport } from '../../../../../shared/contract/results';
import { useI18n } from '../../../i18n/i18n';

/**
 * How many cells of the XLSX just saved were too long for Excel and cut (the file marks each):
 * said beside the file's name, not only inside it. Nothing when none were.
 */
export function ExportCutNotice({ saved }: { saved: SavedExport | undefined }) {
  const { t } = useI18n();
  const cut = saved === undefined || saved.outcome === 'cancelled' ? 0 : (saved.cutCells ?? 0);
  if (cut === 0) return null;
  return (
    <p className="hint" role="status" data-testid="export-cut">
      {t('batches.export.cut', { count: cut })}
    </p>
  );
}
