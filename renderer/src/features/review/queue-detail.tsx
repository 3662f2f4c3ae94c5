import type { ReviewTarget } from '../../../../shared/contract/outcomes';
import type { ResultRow } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import { DetailPanel } from '../../components/result-detail/detail-panel';
import { OutcomeBadge } from '../../components/outcome-badge';
import { outcomeWhen } from '../../lib/outcome-when';

interface QueueDetailProps {
  target: ReviewTarget;
  row: ResultRow;
  show: boolean;
  onClose: () => void;
}

/**
 * The current row in full: its outcome, then the results' own detail panel. It follows the
 * current row while open, and focus stays in the queue so the keys keep working; Escape inside
 * the panel closes it and returns to the queue.
 */
export function QueueDetail({ target, row, show, onClose }: QueueDetailProps) {
  const { t, locale } = useI18n();
  const when = row.outcome === null ? null : outcomeWhen(t, locale, row);
  return (
    <div
      className="queue-detail"
      data-testid="review-detail"
      data-seq={target.seq}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <p className="row" data-testid="review-detail-outcome" data-outcome={row.outcome ?? 'none'}>
        <span>{t('review.col.outcome')}:</span>
        <OutcomeBadge outcome={row.outcome} />
        {when === null ? null : (
          <span className="hint" data-testid="review-detail-set">
            {when}
          </span>
        )}
      </p>
      <DetailPanel
        key={`${target.batchId}:${String(target.seq)}`}
        batchId={target.batchId}
        seq={target.seq}
        show={show}
        focus={false}
        onClose={onClose}
      />
    </div>
  );
}
