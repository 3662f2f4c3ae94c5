import { useId } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { normaliseCpf } from '../../../../shared/domain/cpf';
import { maskCpf } from '../../../../shared/domain/mask';
import { useI18n } from '../../i18n/i18n';
import type { ReviewSource } from './review-source';
import { formatDateTime } from '../../lib/format';
import { destinationText } from '../../i18n/destination-text';

interface SourcePickerProps {
  source: ReviewSource;
  batches: readonly BatchSummary[];
  onBatch: (batchId: string) => void;
}

const searchValue = 'search';

/** The search text as the list shows it: a CPF masked, like everywhere else on screen. */
function maskedQuery(query: string): string {
  return /^[\d.\-\s]+$/.test(query) && normaliseCpf(query).length === 11 ? maskCpf(query) : query;
}

/** Which rows are reviewed: one of the batches, or the search the analyst came from. */
export function SourcePicker({ source, batches, onBatch }: SourcePickerProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const value = source.kind === 'batch' ? source.batchId : searchValue;
  return (
    <div className="stack review-source">
      <label htmlFor={id}>{t('review.source.label')}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => {
          if (event.target.value !== searchValue) onBatch(event.target.value);
        }}
        data-testid="review-source"
      >
        {source.kind === 'search' ? (
          <option value={searchValue}>
            {t('review.source.search', { query: maskedQuery(source.query) })}
          </option>
        ) : null}
        {batches.map((batch) => (
          <option key={batch.id} value={batch.id}>
            {t('review.source.batch', {
              name: batch.sourceName,
              time: formatDateTime(batch.createdAt, locale),
              environment: destinationText(batch.environment, t),
              rows: batch.counts.total,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}
