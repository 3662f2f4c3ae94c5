import { useId, useState } from 'react';
import { VirtualList } from '../../components/virtual-list';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import type { EffectiveReport, RowView } from './effective-report';
import { ProblemRow, type RowActions } from './problem-row';

type Filter = keyof EffectiveReport['lists'];
const filters: Filter[] = ['invalid', 'fixed', 'excluded'];
const filterKeys: Record<Filter, MessageKey> = {
  invalid: 'import.list.invalid',
  fixed: 'import.list.fixed',
  excluded: 'import.list.excluded',
};
const emptyKeys: Record<Filter, MessageKey> = {
  invalid: 'import.list.empty.invalid',
  fixed: 'import.list.empty.fixed',
  excluded: 'import.list.empty.excluded',
};

/** Fixed height of a listed row, in pixels: what lets the list render only the rows in view. */
export const problemRowHeight = 64;

interface ProblemRowsProps {
  lists: EffectiveReport['lists'];
  show: boolean;
  onEdit: (view: RowView) => void;
  onExclude: (rows: number[]) => void;
  onInclude: (rows: number[]) => void;
  onUndoFix: (row: number) => void;
}

/** The rows to review, by state, in a virtual list that stays smooth with thousands of rows. */
export function ProblemRows({
  lists,
  show,
  onEdit,
  onExclude,
  onInclude,
  onUndoFix,
}: ProblemRowsProps) {
  const { t } = useI18n();
  const id = useId();
  const [filter, setFilter] = useState<Filter>('invalid');
  const [lastExcluded, setLastExcluded] = useState<number | null>(null);
  const rows = lists[filter];
  const actions: RowActions = {
    onEdit,
    onUndoFix,
    onExclude: (row) => {
      onExclude([row]);
      setLastExcluded(row);
    },
    onInclude: (row) => onInclude([row]),
  };

  return (
    <section aria-labelledby={`${id}-title`} className="problem-rows">
      <h4 id={`${id}-title`}>{t('import.list.title')}</h4>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('import.list.show')}</legend>
        {filters.map((name) => (
          <label key={name} className={filter === name ? 'segment segment-on' : 'segment'}>
            <input
              type="radio"
              name={`${id}-filter`}
              checked={filter === name}
              onChange={() => setFilter(name)}
              data-testid={`filter-${name}`}
            />
            {t(filterKeys[name], { count: lists[name].length })}
          </label>
        ))}
      </fieldset>
      <div role="status" className="problem-rows-status">
        {lastExcluded === null ? null : (
          <>
            {t('import.row.excludedStatus', { row: String(lastExcluded) })}{' '}
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                onInclude([lastExcluded]);
                setLastExcluded(null);
              }}
              data-testid="undo-exclude"
            >
              {t('import.undo')}
            </button>
          </>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="hint" data-testid="problem-rows-empty">
          {t(emptyKeys[filter])}
        </p>
      ) : (
        <VirtualList
          items={rows}
          rowHeight={problemRowHeight}
          maxHeight={problemRowHeight * 7}
          itemKey={(view) => view.row}
          label={t(filterKeys[filter], { count: rows.length })}
          className="problem-list"
          testId="problem-rows"
          renderItem={(view) => <ProblemRow view={view} show={show} actions={actions} />}
        />
      )}
    </section>
  );
}
