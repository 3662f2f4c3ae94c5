import { memo } from 'react';
import type { ResultRow } from '../../../../../shared/contract/results';
import { maskCpf } from '../../../../../shared/domain/mask';
import { useI18n } from '../../../i18n/i18n';
import { OutcomeBadge } from '../../../components/outcome-badge';
import { formatScore, scoreTitle } from '../../../lib/format';
import { outcomeWhen } from '../../../lib/outcome-when';
import { outcomeName } from '../../../lib/outcome-name';

interface ResultLineProps {
  row: ResultRow;
  /** Position in the filtered list, 0-based. */
  index: number;
  selected: boolean;
  show: boolean;
  onSelect: (seq: number, moveFocus: boolean) => void;
}

/** One line of the results table; memoised, so a scroll re-renders only the lines that appear. */
export const ResultLine = memo(function ResultLine(props: ResultLineProps) {
  const { row, index, selected, show, onSelect } = props;
  const { t, number, locale } = useI18n();
  const risk = row.deviceRisk ?? 'none';
  const when = row.outcome === null ? null : outcomeWhen(t, locale, row);
  const outcomeTitle =
    row.outcome === null || when === null ? undefined : `${outcomeName(t, row.outcome)}, ${when}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={selected ? 'result-row result-line selected' : 'result-row result-line'}
      onClick={() => onSelect(row.seq, false)}
      data-testid={`result-row-${String(row.seq)}`}
      data-status={row.status}
      data-risk={risk}
      data-outcome={row.outcome ?? 'none'}
    >
      <div role="cell" className="numeric">
        <button
          type="button"
          className="link-button"
          aria-label={t('batches.rowDetails', { row: row.row })}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(row.seq, true);
          }}
        >
          {number(row.row)}
        </button>
      </div>
      <div role="cell" title={row.externalId ?? undefined}>
        {row.externalId}
      </div>
      <div role="cell" className="mono">
        {row.cpf === null ? '' : show ? row.cpf : maskCpf(row.cpf)}
      </div>
      <div role="cell">
        <span className={`status status-${row.status}`}>{t(`batches.status.${row.status}`)}</span>
      </div>
      <div role="cell">
        {row.deviceRisk === null ? (
          ''
        ) : (
          <span className={`risk risk-${risk}`}>{t(`batches.risk.${risk}`)}</span>
        )}
      </div>
      <div
        role="cell"
        data-testid="result-outcome"
        data-set-by={row.outcomeSetBy ?? ''}
        title={outcomeTitle}
      >
        {row.outcome === null ? '' : <OutcomeBadge outcome={row.outcome} />}
        {/* A colleague's change: the name shows beside the badge; the whole sentence is read. */}
        {row.outcome !== null && row.outcomeSetBy !== null ? (
          <>
            <span className="hint result-set-by" aria-hidden="true">
              {' '}
              {row.outcomeSetBy}
            </span>
            <span className="visually-hidden">, {when}</span>
          </>
        ) : null}
      </div>
      <div role="cell" className="numeric" title={scoreTitle(row.score, locale)}>
        {row.score === null ? '' : formatScore(row.score, locale)}
      </div>
      <div role="cell" className="numeric">
        {row.alertQuantity === null ? '' : number(row.alertQuantity)}
      </div>
      <div role="cell" className="mono" title={row.deviceId ?? undefined}>
        {row.deviceId}
      </div>
      <div role="cell" title={row.insights.join(' ')}>
        {row.insights.join(' ')}
      </div>
    </div>
  );
});

/** A line whose page has not arrived yet. */
export function LoadingLine({ index }: { index: number }) {
  const { t } = useI18n();
  return (
    <div role="row" aria-rowindex={index + 2} aria-busy className="result-row result-line loading">
      <div role="cell">{t('batches.results.rowLoading', { row: index + 1 })}</div>
    </div>
  );
}
