import { useId, useState } from 'react';
import { reviewOutcomes, type ReviewOutcome } from '../../../../shared/domain/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { WaitingButton } from '../../components/waiting-button';
import { useI18n } from '../../i18n/i18n';
import { outcomeName } from '../../lib/outcome-name';
import type { BulkProgress } from './bulk-progress';

interface BulkBarProps {
  selected: number;
  /** Rows matching the filter, in all (not only those loaded). */
  matching: number;
  loaded: number;
  busy: boolean;
  /** How far a bulk outcome over the filter is, while one runs. */
  progress?: BulkProgress | null;
  onSelectAllLoaded: () => void;
  onClearSelection: () => void;
  onSetSelected: (outcome: ReviewOutcome | null) => void;
  onSetMatching: (outcome: ReviewOutcome | null) => void;
}

const clearChoice = 'clear';

/** One outcome for many rows: the ticked ones, or every row matching the filter (asked first). */
export function BulkBar(props: BulkBarProps) {
  const { t } = useI18n();
  const id = useId();
  const [choice, setChoice] = useState<string>(reviewOutcomes[0]);
  const [asking, setAsking] = useState(false);
  const outcome = choice === clearChoice ? null : (choice as ReviewOutcome);
  const { selected, matching, busy } = props;
  return (
    <div className="bulk-bar" role="group" aria-label={t('review.bulk.label')}>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          onClick={props.onSelectAllLoaded}
          disabled={props.loaded === 0}
          data-testid="review-select-loaded"
        >
          {t('review.bulk.selectLoaded', { count: props.loaded })}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={props.onClearSelection}
          disabled={selected === 0}
          data-testid="review-clear-selection"
        >
          {t('review.bulk.clearSelection')}
        </button>
        <span className="hint" data-testid="review-selected" data-value={selected}>
          {t('review.bulk.selected', { count: selected })}
        </span>
      </div>
      <div className="row">
        <label htmlFor={`${id}-outcome`}>{t('review.bulk.outcome')}</label>
        <select
          id={`${id}-outcome`}
          className="input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          data-testid="review-bulk-outcome"
        >
          {reviewOutcomes.map((value) => (
            <option key={value} value={value}>
              {outcomeName(t, value)}
            </option>
          ))}
          <option value={clearChoice}>{t('review.bulk.clearOutcome')}</option>
        </select>
        {/* While an outcome is being set the buttons keep focus (WaitingButton): a disabled one
            lost it to a neighbour, and the dialog gave focus back there. */}
        <WaitingButton
          className="button button-primary"
          disabled={selected === 0}
          waiting={busy}
          onClick={() => props.onSetSelected(outcome)}
          data-testid="review-set-selected"
        >
          {t('review.bulk.setSelected', { count: selected })}
        </WaitingButton>
        <WaitingButton
          className="button"
          disabled={matching === 0}
          waiting={busy}
          onClick={() => setAsking(true)}
          data-testid="review-set-matching"
        >
          {t('review.bulk.setMatching', { count: matching })}
        </WaitingButton>
        {busy && props.progress ? (
          <span
            className="hint"
            role="status"
            data-testid="review-bulk-progress"
            data-done={props.progress.done}
            data-total={props.progress.total}
          >
            {t('review.bulk.progress', props.progress)}
          </span>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('review.bulk.confirmTitle')}
        message={
          outcome === null
            ? t('review.bulk.confirmClear', { count: matching })
            : t('review.bulk.confirmSet', { count: matching, outcome: outcomeName(t, outcome) })
        }
        confirmLabel={
          outcome === null ? t('review.bulk.confirmClearButton') : t('review.bulk.confirmButton')
        }
        cancelLabel={t('common.cancel')}
        danger={outcome === null}
        onConfirm={() => {
          setAsking(false);
          props.onSetMatching(outcome);
        }}
        onCancel={() => setAsking(false)}
        testId="review-confirm-matching"
      />
    </div>
  );
}
