/**
 * The state of the queue the analyst works in: the current row, the ticked rows, the open detail
 * and the last thing that happened; and what each key press or click does to it. Pure: the hook
 * feeds in key presses, clicks and the answers of the core, each with a view of the rows as they
 * are on screen when it happened.
 */
import type { ReviewTarget } from '../../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import { startCursor, type Cursor } from './cursor';
import type { LinePointer } from './queue-line';
import { movedIndex, type QueueAction } from './queue-keys';
import { targetOf, type QueueRow } from './queue-row';
import {
  noSelection,
  selectRange,
  selectedTargets,
  targetKey,
  toggleTarget,
  type Selection,
} from './selection';

export interface QueueMessage {
  text: string;
  tone: 'done' | 'warning' | 'error';
}

/** The rows as they are on screen when an event happens. */
export interface QueueView {
  /** Rows matching the filter. */
  count: number;
  /** The current row's position, resolved from the cursor; -1 for an empty list. */
  active: number;
  rowAt: (index: number) => QueueRow | undefined;
  /** Positions whose rows are loaded now. */
  loaded: () => number[];
}

export interface QueueState {
  /** The source, filter and sort the state belongs to; a new one starts the queue again. */
  resetKey: string;
  cursor: Cursor;
  selection: Selection;
  /** Where a shift-extended selection starts. */
  anchor: number | null;
  detailOpen: boolean;
  /** The row the open detail shows: kept while the current row's page is being fetched again. */
  detailRow: QueueRow | null;
  message: QueueMessage | null;
  busyMatching: boolean;
  /** A key pressed on several ticked rows, waiting for the analyst's yes. */
  asking: { outcome: ReviewOutcome | null; count: number } | null;
}

/** What an outcome key or button sends: the ticked rows, or else the current row. */
export type OutcomePlan =
  | { scope: 'selection'; targets: ReviewTarget[] }
  | { scope: 'row'; targets: [ReviewTarget]; row: QueueRow; advance: boolean };

export type QueueEvent =
  | { type: 'reset'; resetKey: string }
  | { type: 'key'; action: Exclude<QueueAction, { type: 'set' }>; view: QueueView }
  | { type: 'outcome_asked'; outcome: ReviewOutcome | null }
  | { type: 'asking_ended' }
  | { type: 'pointer'; pointer: LinePointer; view: QueueView }
  | { type: 'loaded_selected'; view: QueueView }
  | { type: 'selection_cleared' }
  | { type: 'detail_closed' }
  | { type: 'detail_row_seen'; row: QueueRow }
  | { type: 'outcome_sent'; plan: OutcomePlan; view: QueueView }
  | { type: 'told'; message: QueueMessage }
  | { type: 'matching_started' }
  | { type: 'matching_ended'; message: QueueMessage; done: boolean };

export function initialQueueState(resetKey: string): QueueState {
  return {
    resetKey,
    cursor: startCursor,
    selection: noSelection,
    anchor: null,
    detailOpen: false,
    detailRow: null,
    message: null,
    busyMatching: false,
    asking: null,
  };
}

const keyOf = (row: QueueRow | undefined) => (row ? targetKey(targetOf(row)) : undefined);

const targetsOf = (view: QueueView) => (index: number) => {
  const row = view.rowAt(index);
  return row ? targetOf(row) : undefined;
};

const cursorAt = (view: QueueView, index: number): Cursor => ({
  index,
  key: keyOf(view.rowAt(index)) ?? null,
});

/** An outcome on several ticked rows (some perhaps off screen) asks first; on one it does not. */
export function asksFirst(state: QueueState): boolean {
  return state.selection.size > 1;
}

/**
 * What an outcome goes to. A row that can be reviewed hands over to the next one at once; one
 * that cannot stays put, so the analyst reads why. Null when there is nothing to send.
 */
export function outcomePlan(state: QueueState, view: QueueView): OutcomePlan | null {
  if (state.selection.size > 0)
    return { scope: 'selection', targets: selectedTargets(state.selection) };
  const row = view.active >= 0 ? view.rowAt(view.active) : undefined;
  if (!row) return null;
  const reviewable = row.row.externalId !== null && row.row.deviceId !== null;
  return {
    scope: 'row',
    targets: [targetOf(row)],
    row,
    advance: reviewable && view.active + 1 < view.count,
  };
}

function moved(state: QueueState, action: QueueAction, view: QueueView): QueueState {
  const next = movedIndex(view.active, action, view.count);
  if (next < 0) return state;
  const cursor = cursorAt(view, next);
  if ((action.type === 'move' || action.type === 'edge') && action.extend) {
    const from = state.anchor ?? view.active;
    const selection = selectRange(state.selection, targetsOf(view), from, next);
    return { ...state, anchor: from, selection, cursor };
  }
  return { ...state, anchor: next, cursor };
}

function keyed(
  state: QueueState,
  action: Exclude<QueueAction, { type: 'set' }>,
  view: QueueView,
): QueueState {
  switch (action.type) {
    case 'move':
    case 'edge':
      return moved(state, action, view);
    case 'toggle': {
      const target = targetsOf(view)(view.active);
      const selection = target ? toggleTarget(state.selection, target) : state.selection;
      return { ...state, selection, anchor: view.active };
    }
    case 'selectAll':
      return selectLoaded(state, view);
    case 'open': {
      const row = view.active >= 0 ? view.rowAt(view.active) : undefined;
      return row ? { ...state, detailOpen: true, detailRow: row } : state;
    }
    case 'close':
      return state.detailOpen
        ? { ...state, detailOpen: false }
        : { ...state, selection: noSelection };
  }
}

function selectLoaded(state: QueueState, view: QueueView): QueueState {
  const targetAt = targetsOf(view);
  const selection = view.loaded().reduce<Selection>((sel, index) => {
    const target = targetAt(index);
    return target ? toggleTarget(sel, target, true) : sel;
  }, state.selection);
  return { ...state, selection };
}

function pointed(state: QueueState, pointer: LinePointer, view: QueueView): QueueState {
  const row = view.rowAt(pointer.index);
  if (!row) return state;
  const target = targetOf(row);
  let { selection, anchor } = state;
  if (pointer.shift) {
    selection = selectRange(selection, targetsOf(view), anchor ?? view.active, pointer.index);
  } else {
    anchor = pointer.index;
    if (pointer.toggle) selection = toggleTarget(selection, target);
  }
  const cursor = { index: pointer.index, key: targetKey(target) };
  const detail = pointer.open ? { detailOpen: true, detailRow: row } : {};
  return { ...state, selection, anchor, cursor, ...detail };
}

export function queueReducer(state: QueueState, event: QueueEvent): QueueState {
  switch (event.type) {
    case 'reset':
      // The message and a pending question outlive a new filter: they are about rows already sent.
      return {
        ...state,
        resetKey: event.resetKey,
        cursor: startCursor,
        selection: noSelection,
        anchor: null,
        detailOpen: false,
      };
    case 'key':
      return keyed(state, event.action, event.view);
    case 'outcome_asked':
      return { ...state, asking: { outcome: event.outcome, count: state.selection.size } };
    case 'asking_ended':
      return { ...state, asking: null };
    case 'pointer':
      return pointed(state, event.pointer, event.view);
    case 'loaded_selected':
      return selectLoaded(state, event.view);
    case 'selection_cleared':
      return { ...state, selection: noSelection };
    case 'detail_closed':
      return { ...state, detailOpen: false };
    case 'detail_row_seen':
      return { ...state, detailRow: event.row };
    case 'outcome_sent':
      if (event.plan.scope === 'selection') return { ...state, selection: noSelection };
      return event.plan.advance
        ? { ...state, cursor: cursorAt(event.view, event.view.active + 1) }
        : state;
    case 'told':
      return { ...state, message: event.message };
    case 'matching_started':
      return { ...state, busyMatching: true };
    case 'matching_ended':
      return {
        ...state,
        busyMatching: false,
        message: event.message,
        selection: event.done ? noSelection : state.selection,
      };
  }
}
