import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import type { Totals } from './effective-report';

const labels: Record<keyof Totals, MessageKey> = {
  rows: 'import.totals.rows',
  valid: 'import.totals.valid',
  invalid: 'import.totals.invalid',
  fixed: 'import.totals.fixed',
  excluded: 'import.totals.excluded',
  duplicates: 'import.totals.duplicates',
  padded: 'import.totals.padded',
};

/** The counts at a glance; each has a test id (`total-valid`, …) for the end-to-end tests. */
export function ReportTotals({ totals }: { totals: Totals }) {
  const { t, number } = useI18n();
  const keys = Object.keys(labels) as Array<keyof Totals>;
  return (
    <dl className="import-totals" data-testid="import-totals">
      {keys.map((key) => (
        <div key={key} className={`import-total import-total-${key}`} data-testid={`total-${key}`}>
          <dt>{t(labels[key])}</dt>
          <dd data-value={totals[key]}>{number(totals[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
