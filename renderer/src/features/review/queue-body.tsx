import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import type { OutcomeChange } from '../../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import { ErrorNotice } from '../../components/error-notice';
import type { VisibleRange } from '../../components/visible-range';
import { useI18n } from '../../i18n/i18n';
import { outcomeName } from '../../lib/outcome-name';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { BulkBar } from './bulk-bar';
import type { BulkProgress } from './bulk-progress';
import { KeyLegend } from './key-legend';
import { QueueDetail } from './queue-detail';
import { LoadingQueueLine, QueueLine } from './queue-line';
import { QueueList } from './queue-list';
import { isSelected } from './selection';
import { targetOf, type QueueRows } from './use-queue-rows';
import { useQueueController } from './use-queue-controller';
import { PersonalDataToggle } from '../../components/personal-data-toggle';

/**
 * A line's height (review.css `.queue-line`): taller beside an open row, where a line holds the
 * device ID under the external ID so the narrower queue shows both whole.
 */
const lineHeight = { alone: 38, withDetail: 52 };

interface QueueBodyProps {
  rows: QueueRows;
  resetKey: string;
  onRange: (range: VisibleRange) => void;
  setMatching: (outcome: ReviewOutcome | null) => Promise<OutcomeChange>;
  /** The summary chart, drawn beside the bulk controls. */
  summary: ReactNode;
  /** False while the section is hidden: the row in full is not kept in the page then. */
  shown: boolean;
  /** How far a bulk outcome over the filter is, while one runs. */
  progress?: BulkProgress | null;
}

/** The queue itself: bulk controls, the list with its keys, the status line and the open row. */
export function QueueBody(props: QueueBodyProps) {
  const { rows, resetKey, onRange, setMatching, summary } = props;
  const { t } = useI18n();
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  const queue = useQueueController({ rows, resetKey, setMatching, listRef });
  const total = rows.total ?? 0;
  const { active, selection, onPointer } = queue;
  const detail = props.shown ? queue.detail : null;
  const rowHeight = detail ? lineHeight.withDetail : lineHeight.alone;

  const renderRow = useCallback(
    (index: number, optionId: string) => {
      const data = rows.rowAt(index);
      return data ? (
        <QueueLine
          key={`${data.batchId}:${String(data.row.seq)}`}
          row={data.row}
          index={index}
          setSize={total}
          id={optionId}
          active={index === active}
          selected={isSelected(selection, targetOf(data))}
          onPointer={onPointer}
        />
      ) : (
        <LoadingQueueLine
          key={`loading-${String(index)}`}
          index={index}
          setSize={total}
          id={optionId}
        />
      );
    },
    [rows, total, active, selection, onPointer],
  );

  return (
    <>
      <div className="review-top">
        <BulkBar
          selected={selection.size}
          matching={total}
          loaded={rows.loaded().length}
          busy={queue.busy}
          progress={props.progress ?? null}
          onSelectAllLoaded={queue.selectLoaded}
          onClearSelection={queue.clearSelection}
          onSetSelected={queue.setSelected}
          onSetMatching={queue.setMatching}
        />
        {summary}
      </div>
      <KeyLegend id={`${id}-keys`} />
      <div className="row spread">
        <PersonalDataToggle shown={show} onChange={setShow} testId="review-show-personal" />
        <span
          className="hint"
          role="status"
          data-testid="review-count"
          data-value={rows.total ?? undefined}
        >
          {rows.total === null
            ? t('batches.results.loading')
            : t('review.count', { count: rows.total })}
        </span>
      </div>
      {rows.error ? <ErrorNotice error={rows.error} /> : null}
      <div className={detail ? 'review-workspace with-detail' : 'review-workspace'}>
        <div className="queue">
          <div className="queue-head-frame" aria-hidden="true">
            <div className="queue-line queue-head" ref={headRef}>
              <span className="queue-cell" />
              <span className="queue-cell numeric">{t('batches.col.row')}</span>
              <span className="queue-cell">{t('batches.col.externalId')}</span>
              <span className="queue-cell">{t('batches.col.risk')}</span>
              <span className="queue-cell numeric">{t('batches.col.score')}</span>
              <span className="queue-cell">{t('batches.col.deviceId')}</span>
              <span className="queue-cell">{t('review.col.outcome')}</span>
              <span className="queue-cell">{t('review.col.setAt')}</span>
            </div>
          </div>
          {total === 0 && rows.total !== null ? (
            <p className="hint queue-empty" data-testid="review-empty">
              {t('review.empty')}
            </p>
          ) : null}
          <QueueList
            count={total}
            rowHeight={rowHeight}
            height={Math.min(456, Math.max(1, total) * rowHeight)}
            activeIndex={active}
            renderRow={renderRow}
            onRange={onRange}
            onKeyDown={queue.onKeyDown}
            resetKey={resetKey}
            label={t('review.queue.label')}
            describedBy={`${id}-keys`}
            idPrefix={id}
            listRef={listRef}
            headRef={headRef}
          />
          <ConfirmDialog
            open={queue.asking !== null}
            title={t('review.keys.confirmTitle', { count: queue.asking?.count ?? 0 })}
            message={
              queue.asking?.outcome
                ? t('review.keys.confirmSet', {
                    count: queue.asking.count,
                    outcome: outcomeName(t, queue.asking.outcome),
                  })
                : t('review.keys.confirmClear', { count: queue.asking?.count ?? 0 })
            }
            confirmLabel={
              queue.asking?.outcome
                ? t('review.bulk.confirmButton')
                : t('review.bulk.confirmClearButton')
            }
            cancelLabel={t('common.cancel')}
            danger={queue.asking?.outcome === null}
            onConfirm={queue.confirmAsked}
            onCancel={queue.cancelAsked}
            focus="confirm"
            testId="review-keys-confirm"
          />
          <p
            className={`queue-message queue-message-${queue.message?.tone ?? 'none'}`}
            role="status"
            data-testid="review-message"
          >
            {queue.message?.text ?? ''}
          </p>
        </div>
        {detail ? (
          <QueueDetail
            target={detail.target}
            row={detail.row.row}
            show={show}
            onClose={queue.closeDetail}
          />
        ) : null}
      </div>
    </>
  );
}
