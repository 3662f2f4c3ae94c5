/**
 * The queue the analyst works in, as a thin hook over `queueReducer`: it turns key presses and
 * clicks into the reducer's events and sends outcomes to the core.
 */
import {
  useCallback,
  useLayoutEffect,
  useReducer,
  useRef,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { OutcomeChange } from '../../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import { resolveCursor } from './cursor';
import { bulkChangeText, queueErrorText, rowChangeText, skippedRows } from './outcome-text';
import type { LinePointer } from './queue-line';
import { queueKeyAction } from './queue-keys';
import {
  asksFirst,
  initialQueueState,
  outcomePlan,
  queueReducer,
  type QueueMessage,
  type QueueView,
} from './queue-reducer';
import { targetOf, type QueueRows } from './queue-row';
import { targetKey } from './selection';
import { useSetOutcome } from './use-outcomes';

export type { QueueMessage } from './queue-reducer';

interface Options {
  rows: QueueRows;
  /** Changes with the source, filter and sort: the queue starts again at its first row. */
  resetKey: string;
  /** Every row matching the filter gets this outcome (the caller knows how, per source). */
  setMatching: (outcome: ReviewOutcome | null) => Promise<OutcomeChange>;
  listRef: RefObject<HTMLDivElement | null>;
}

export function useQueueController({ rows, resetKey, setMatching, listRef }: Options) {
  const { t, locale } = useI18n();
  const errorMessage = (error: unknown): QueueMessage => ({
    text: queueErrorText(t, locale, error),
    tone: 'error',
  });
  const setOutcome = useSetOutcome();
  const [state, dispatch] = useReducer(queueReducer, resetKey, initialQueueState);
  // A new source, filter or sort starts the queue again, in this render rather than after it.
  if (state.resetKey !== resetKey) dispatch({ type: 'reset', resetKey });

  const count = rows.total ?? 0;
  const keyAt = (index: number) => {
    const row = rows.rowAt(index);
    return row ? targetKey(targetOf(row)) : undefined;
  };
  const active = resolveCursor(state.cursor, keyAt, count);
  const current = active >= 0 ? rows.rowAt(active) : undefined;
  const view: QueueView = { count, active, rowAt: rows.rowAt, loaded: rows.loaded };
  // The open detail follows the current row, and keeps the last one while its page is refetched.
  if (state.detailOpen && current && current !== state.detailRow)
    dispatch({ type: 'detail_row_seen', row: current });

  const focusList = () => listRef.current?.focus({ preventScroll: true });

  function apply(outcome: ReviewOutcome | null) {
    const plan = outcomePlan(state, view);
    if (!plan) return;
    dispatch({ type: 'outcome_sent', plan, view });
    setOutcome.mutate(
      { targets: plan.targets, outcome },
      {
        onSuccess: (change) =>
          dispatch({
            type: 'told',
            message: {
              text:
                plan.scope === 'row'
                  ? rowChangeText(t, plan.row.row.row, outcome, change)
                  : bulkChangeText(t, outcome, change),
              tone: skippedRows(change) > 0 ? 'warning' : 'done',
            },
          }),
        onError: (error) => dispatch({ type: 'told', message: errorMessage(error) }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Only keys pressed on the list itself: never those typed in a field.
    if (event.target !== event.currentTarget) return;
    const action = queueKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.type !== 'set') dispatch({ type: 'key', action, view });
    else if (asksFirst(state)) dispatch({ type: 'outcome_asked', outcome: action.outcome });
    else apply(action.outcome);
  }

  // Clicks reach memoised lines through a stable function reading the rows of the last render;
  // the ref is written after the render commits, never during it.
  const latestView = useRef(view);
  useLayoutEffect(() => {
    latestView.current = view;
  });
  const onPointer = useCallback(
    (pointer: LinePointer) => {
      listRef.current?.focus({ preventScroll: true });
      dispatch({ type: 'pointer', pointer, view: latestView.current });
    },
    [listRef],
  );

  async function applyMatching(outcome: ReviewOutcome | null) {
    dispatch({ type: 'matching_started' });
    try {
      const change = await setMatching(outcome);
      const text = bulkChangeText(t, outcome, change);
      const tone = skippedRows(change) > 0 ? 'warning' : 'done';
      dispatch({ type: 'matching_ended', message: { text, tone }, done: true });
    } catch (error) {
      dispatch({ type: 'matching_ended', message: errorMessage(error), done: false });
    }
  }

  const { detailOpen, detailRow, asking } = state;
  return {
    active,
    current,
    selection: state.selection,
    message: state.message,
    detail: detailOpen && detailRow ? { target: targetOf(detailRow), row: detailRow } : null,
    busy: setOutcome.isPending || state.busyMatching,
    onKeyDown,
    onPointer,
    closeDetail: () => {
      dispatch({ type: 'detail_closed' });
      focusList();
    },
    selectLoaded: () => dispatch({ type: 'loaded_selected', view }),
    clearSelection: () => dispatch({ type: 'selection_cleared' }),
    setSelected: (outcome: ReviewOutcome | null) => apply(outcome),
    setMatching: (outcome: ReviewOutcome | null) => void applyMatching(outcome),
    /** A key pressed on several ticked rows, waiting for the analyst's yes. */
    asking,
    confirmAsked: () => {
      if (asking) apply(asking.outcome);
      dispatch({ type: 'asking_ended' });
      focusList();
    },
    cancelAsked: () => {
      dispatch({ type: 'asking_ended' });
      focusList();
    },
  };
}
