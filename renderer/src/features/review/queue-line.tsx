import { memo, type MouseEvent } from 'react';
import type { ResultRow } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import { OutcomeBadge } from '../../components/outcome-badge';
import { formatDateTime, formatScore, scoreTitle } from '../../lib/format';
import { outcomeWhen } from '../../lib/outcome-when';
import { outcomeName } from '../../lib/outcome-name';

/** How a click reached a line: the modifier keys decide between current, toggle and range. */
export interface LinePointer {
  index: number;
  shift: boolean;
  toggle: boolean;
  /** Double click: open the row in full. */
  open: boolean;
}

interface QueueLineProps {
  row: ResultRow;
  index: number;
  /** Rows in the whole queue: only the visible ones exist in the page, so it is said. */
  setSize: number;
  id: string;
  active: boolean;
  selected: boolean;
  onPointer: (pointer: LinePointer) => void;
}

/** One row of the queue, as an option whose name says everything a screen reader needs. */
export const QueueLine = memo(function QueueLine(props: QueueLineProps) {
  const { row, index, setSize, id, active, selected, onPointer } = props;
  const { t, locale } = useI18n();
  const risk = row.deviceRisk === null ? null : t(`batches.risk.${row.deviceRisk}`);
  const score = row.score === null ? null : formatScore(row.score, locale);
  const setAt = row.outcomeSetAt === null ? null : formatDateTime(row.outcomeSetAt, locale);
  // A colleague's change is said in full ("changed by Bia at …"); an outcome set here by its time.
  const when = outcomeWhen(t, locale, row);
  const setCell = row.outcomeSetBy === null ? setAt : when;
  const reviewable = row.externalId !== null && row.deviceId !== null;
  const label = [
    t('review.line.row', { row: row.row }),
    row.externalId ?? t('review.line.noId'),
    risk === null ? t('review.line.noRisk') : t('review.line.risk', { risk }),
    score === null ? null : t('review.line.score', { score }),
    row.deviceId === null ? t('review.line.noDevice') : null,
    row.outcome === null ? t('review.line.notReviewed') : outcomeName(t, row.outcome),
    row.outcome === null ? null : when,
  ]
    .filter((part) => part !== null)
    .join(', ');

  const click = (event: MouseEvent, toggle: boolean) =>
    onPointer({
      index,
      shift: event.shiftKey,
      toggle: toggle || event.ctrlKey || event.metaKey,
      open: event.detail === 2,
    });

  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      aria-label={label}
      className={[
        'queue-line',
        active ? 'active' : '',
        selected ? 'selected' : '',
        reviewable ? '' : 'unreviewable',
      ].join(' ')}
      onClick={(event) => click(event, false)}
      data-testid={`review-line-${String(index)}`}
      data-seq={row.seq}
      data-row={row.row}
      data-external-id={row.externalId ?? ''}
      data-risk={row.deviceRisk ?? 'none'}
      data-score={row.score ?? ''}
      data-outcome={row.outcome ?? 'none'}
      data-set-by={row.outcomeSetBy ?? ''}
    >
      {/*
        A drawn tick, not a checkbox: a control inside an option is a second focus target that
        screen readers cannot reach or name. The option's aria-selected says the same thing;
        the keys (Space, Shift+arrows) and this click toggle it.
      */}
      <span
        className="queue-cell queue-check"
        aria-hidden="true"
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.stopPropagation();
          click(event, true);
        }}
      >
        <span className={selected ? 'queue-tick ticked' : 'queue-tick'} data-testid="review-tick">
          {selected ? '✓' : ''}
        </span>
      </span>
      <span className="queue-cell numeric">{row.row}</span>
      <span className="queue-cell" title={row.externalId ?? undefined} data-id="external">
        {row.externalId ?? <span className="hint">{t('review.line.noId')}</span>}
      </span>
      <span className="queue-cell">
        {row.deviceRisk === null ? (
          <span className="hint">–</span>
        ) : (
          <span className={`risk risk-${row.deviceRisk}`}>{risk}</span>
        )}
      </span>
      <span className="queue-cell numeric" title={scoreTitle(row.score, locale)}>
        {score ?? '–'}
      </span>
      <span className="queue-cell mono" title={row.deviceId ?? undefined} data-id="device">
        {row.deviceId ?? <span className="hint">{t('review.line.noDevice')}</span>}
      </span>
      <span className="queue-cell">
        <OutcomeBadge outcome={row.outcome} />
      </span>
      <span className="queue-cell hint" title={setCell ?? undefined} data-testid="review-set">
        {setCell ?? ''}
      </span>
    </div>
  );
});

/** A line whose page has not arrived yet. */
export function LoadingQueueLine(props: { index: number; setSize: number; id: string }) {
  const { index, setSize, id } = props;
  const { t } = useI18n();
  return (
    <div
      id={id}
      role="option"
      aria-selected={false}
      aria-disabled
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className="queue-line loading"
    >
      <span className="queue-cell">{t('review.line.loading', { row: index + 1 })}</span>
    </div>
  );
}
