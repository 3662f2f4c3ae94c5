import type { BatchCounts } from '../../../../shared/batch';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';

const shown: Array<{ key: keyof BatchCounts; label: MessageKey; testId: string }> = [
  { key: 'done', label: 'batches.count.done', testId: 'count-done' },
  { key: 'total', label: 'batches.count.total', testId: 'count-total' },
  { key: 'ok', label: 'batches.count.ok', testId: 'count-ok' },
  { key: 'noContent', label: 'batches.count.noContent', testId: 'count-no-content' },
  { key: 'invalid', label: 'batches.count.invalid', testId: 'count-invalid' },
  { key: 'rejected', label: 'batches.count.rejected', testId: 'count-rejected' },
  { key: 'failed', label: 'batches.count.failed', testId: 'count-failed' },
];

/** The counts at a glance; each carries its raw value in `data-value` for the tests. */
export function RunCounts({ counts }: { counts: BatchCounts }) {
  const { t, number } = useI18n();
  return (
    <dl className="run-counts" aria-label={t('batches.counts.label')}>
      {shown.map(({ key, label, testId }) => (
        <div key={key} className={`run-count run-count-${key}`} data-testid={testId}>
          <dt>{t(label)}</dt>
          <dd data-value={counts[key]}>{number(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
