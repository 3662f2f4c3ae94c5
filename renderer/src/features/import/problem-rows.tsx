import { useId, useState } from 'react';
import { focusSoon } from '../../app/focus-keeper';
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

/** The other rows of `list`, nearest first after `row`: the next, then the previous ones. */
export function rowsAround(list: readonly RowView[], row: number): number[] {
  const rows = list.map((view) => view.row).filter((other) => other !== row);
  return [...rows.filter((other) => other > row), ...rows.filter((other) => other < row).reverse()];
}

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
  // A row that leaves the list takes its focused button with it: focus goes where the analyst
  // goes next (the Undo of an exclusion, else the same row's or the next row's Edit).
  const nextOf = (row: number) =>
    [row, ...rowsAround(rows, row)].flatMap((other) => [
      `edit-row-${String(other)}`,
      `include-row-${String(other)}`,
    ]);
  const actions: RowActions = {
    onEdit,
    onUndoFix: (row) => {
      onUndoFix(row);
      focusSoon(...nextOf(row), 'problem-rows-title');
    },
    onExclude: (row) => {
      onExclude([row]);
      setLastExcluded(row);
      focusSoon('undo-exclude');
    },
    onInclude: (row) => {
      onInclude([row]);
      focusSoon(
        ...nextOf(row).filter((name) => !name.endsWith(`-${String(row)}`)),
        'problem-rows-title',
      );
    },
  };

  return (
    <section aria-labelledby={`${id}-title`} className="problem-rows">
      <h4 id={`${id}-title`} tabIndex={-1} data-testid="problem-rows-title">
        {t('import.list.title')}
      </h4>
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
                focusSoon(`exclude-row-${String(lastExcluded)}`, 'problem-rows-title');
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
