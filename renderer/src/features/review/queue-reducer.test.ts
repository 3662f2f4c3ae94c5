import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../../shared/contract/results';
import { resolveCursor } from './cursor';
import { queueKeyAction, type KeyPress } from './queue-keys';
import {
  asksFirst,
  initialQueueState,
  outcomePlan,
  queueReducer,
  type QueueState,
  type QueueView,
} from './queue-reducer';
import type { LinePointer } from './queue-line';
import type { QueueRow } from './queue-row';
import { targetKey } from './selection';

const resultRow = (seq: number, reviewable = true): ResultRow => ({
  seq,
  row: seq + 1,
  externalId: reviewable ? `tx-${String(seq)}` : null,
  sessionId: null,
  cpf: null,
  status: reviewable ? 'ok' : 'invalid',
  httpStatus: reviewable ? 200 : null,
  deviceId: reviewable ? `dev-${String(seq)}` : null,
  deviceRisk: reviewable ? 'high' : null,
  score: reviewable ? 0.5 : null,
  alertQuantity: null,
  deviceAge: null,
  insights: [],
  outcome: null,
  outcomeSetAt: null,
  outcomeSetBy: null,
});

/** Ten rows of batch `b`; those at `unreviewable` have no device. */
function listOf(unreviewable: number[] = []): QueueRow[] {
  return Array.from({ length: 10 }, (_, seq) => ({
    batchId: 'b',
    row: resultRow(seq, !unreviewable.includes(seq)),
  }));
}

function viewOf(state: QueueState, rows: QueueRow[], missing: number[] = []): QueueView {
  const rowAt = (index: number) => (missing.includes(index) ? undefined : rows[index]);
  const keyAt = (index: number) => {
    const row = rowAt(index);
    return row ? targetKey({ batchId: row.batchId, seq: row.row.seq }) : undefined;
  };
  return {
    count: rows.length,
    active: resolveCursor(state.cursor, keyAt, rows.length),
    rowAt,
    loaded: () => rows.map((_, index) => index).filter((index) => !missing.includes(index)),
  };
}

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

/** Presses keys one after another, as the hook does, on a view taken before each one. */
function pressAll(state: QueueState, rows: QueueRow[], keys: KeyPress[], missing: number[] = []) {
  return keys.reduce((now, key) => {
    const action = queueKeyAction(key);
    if (!action || action.type === 'set') throw new Error(`not a moving key: ${key.key}`);
    return queueReducer(now, { type: 'key', action, view: viewOf(now, rows, missing) });
  }, state);
}

const ticked = (state: QueueState) => [...state.selection.keys()].sort();
const start = () => initialQueueState('first');

describe('the review queue reducer', () => {
  it('moves with j, k, arrows, Page keys, Home and End, kept inside the list', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('j'), press('ArrowDown'), press('k')]);
    expect(viewOf(state, rows).active).toBe(1);
    state = pressAll(state, rows, [press('PageDown')]);
    expect(viewOf(state, rows).active).toBe(9);
    state = pressAll(state, rows, [press('Home')]);
    expect(viewOf(state, rows).active).toBe(0);
    state = pressAll(state, rows, [press('ArrowUp')]);
    expect(viewOf(state, rows).active).toBe(0);
    state = pressAll(state, rows, [press('End')]);
    expect(state.cursor).toEqual({ index: 9, key: 'b:9' });
    expect(ticked(state)).toEqual([]);
  });

  it('ticks the rows a shift-move passes over, from the anchor, and shrinks back from it', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('j'), press('J', { shiftKey: true })]);
    state = pressAll(state, rows, [press('ArrowDown', { shiftKey: true })]);
    expect(state.anchor).toBe(1);
    expect(ticked(state)).toEqual(['b:1', 'b:2', 'b:3']);
    // Ticks add up: going back past the anchor ticks the rows above it too.
    state = pressAll(state, rows, [press('Home', { shiftKey: true })]);
    expect(ticked(state)).toEqual(['b:0', 'b:1', 'b:2', 'b:3']);
    expect(viewOf(state, rows).active).toBe(0);
  });

  it('skips rows whose page is not loaded when a range is ticked', () => {
    const rows = listOf();
    const state = pressAll(start(), rows, [press('End', { shiftKey: true })], [4, 5]);
    expect(ticked(state)).toEqual(['b:0', 'b:1', 'b:2', 'b:3', 'b:6', 'b:7', 'b:8', 'b:9']);
  });

  it('toggles the current row with space or x, and ticks every loaded row with Ctrl+A', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press(' '), press('j'), press('x')]);
    expect(ticked(state)).toEqual(['b:0', 'b:1']);
    state = pressAll(state, rows, [press('X')]);
    expect(ticked(state)).toEqual(['b:0']);
    state = pressAll(state, rows, [press('a', { ctrlKey: true })], [2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ticked(state)).toEqual(['b:0', 'b:1']);
  });

  it('opens the detail with Enter; Escape closes it first, then clears the ticks', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press(' '), press('Enter')]);
    expect(state.detailOpen).toBe(true);
    expect(state.detailRow).toBe(rows[0]);
    state = pressAll(state, rows, [press('Escape')]);
    expect(state.detailOpen).toBe(false);
    expect(ticked(state)).toEqual(['b:0']);
    state = pressAll(state, rows, [press('Escape')]);
    expect(ticked(state)).toEqual([]);
  });

  it('does not open a detail on a row whose page is not loaded', () => {
    const state = pressAll(start(), listOf(), [press('Enter')], [0]);
    expect(state.detailOpen).toBe(false);
  });

  it('follows clicks: a click moves and anchors, Ctrl toggles, shift ticks a range, double opens', () => {
    const rows = listOf();
    const click = (state: QueueState, index: number, flags: Partial<LinePointer> = {}) =>
      queueReducer(state, {
        type: 'pointer',
        pointer: { index, shift: false, toggle: false, open: false, ...flags },
        view: viewOf(state, rows),
      });
    let state = click(start(), 2);
    expect(state.cursor).toEqual({ index: 2, key: 'b:2' });
    expect(state.anchor).toBe(2);
    state = click(state, 5, { shift: true });
    expect(ticked(state)).toEqual(['b:2', 'b:3', 'b:4', 'b:5']);
    expect(state.anchor).toBe(2);
    state = click(state, 3, { toggle: true });
    expect(ticked(state)).toEqual(['b:2', 'b:4', 'b:5']);
    state = click(state, 7, { open: true });
    expect(state.detailOpen).toBe(true);
    expect(state.detailRow).toBe(rows[7]);
  });

  it('keeps the current row by key when the rows move under it', () => {
    const rows = listOf();
    const state = pressAll(start(), rows, [press('j'), press('j'), press('j')]);
    // Row 1 left the queue (reviewed under a "not reviewed" filter): row 3 is now at position 2.
    const after = rows.filter((_, index) => index !== 1);
    expect(viewOf(state, after).active).toBe(2);
    expect(viewOf(state, after).rowAt(2)?.row.seq).toBe(3);
  });

  it('sends an outcome to the current row and hands over to the next only when it is reviewable', () => {
    const rows = listOf([1]);
    let state = start();
    let plan = outcomePlan(state, viewOf(state, rows));
    expect(plan).toMatchObject({
      scope: 'row',
      targets: [{ batchId: 'b', seq: 0 }],
      advance: true,
    });
    state = queueReducer(state, { type: 'outcome_sent', plan: plan!, view: viewOf(state, rows) });
    expect(viewOf(state, rows).active).toBe(1);
    plan = outcomePlan(state, viewOf(state, rows));
    expect(plan).toMatchObject({ scope: 'row', advance: false });
    state = queueReducer(state, { type: 'outcome_sent', plan: plan!, view: viewOf(state, rows) });
    expect(viewOf(state, rows).active).toBe(1);
    // The last row has no next one to go to.
    state = pressAll(state, rows, [press('End')]);
    expect(outcomePlan(state, viewOf(state, rows))).toMatchObject({ advance: false });
  });

  it('sends an outcome to the ticked rows instead, clears them and stays put', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('j'), press('x'), press('j'), press('x')]);
    const plan = outcomePlan(state, viewOf(state, rows));
    expect(plan).toEqual({
      scope: 'selection',
      targets: [
        { batchId: 'b', seq: 1 },
        { batchId: 'b', seq: 2 },
      ],
    });
    state = queueReducer(state, { type: 'outcome_sent', plan: plan!, view: viewOf(state, rows) });
    expect(ticked(state)).toEqual([]);
    expect(viewOf(state, rows).active).toBe(2);
  });

  it('has nothing to send on an empty list', () => {
    const state = start();
    expect(outcomePlan(state, viewOf(state, []))).toBeNull();
  });

  it('asks before an outcome key acts on several ticked rows, not on one', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('x')]);
    expect(asksFirst(state)).toBe(false);
    state = pressAll(state, rows, [press('j'), press('x')]);
    expect(asksFirst(state)).toBe(true);
    state = queueReducer(state, { type: 'outcome_asked', outcome: 'Suspeito' });
    expect(state.asking).toEqual({ outcome: 'Suspeito', count: 2 });
    state = queueReducer(state, { type: 'asking_ended' });
    expect(state.asking).toBeNull();
  });

  it('starts again on a new source, filter or sort, keeping the last message', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('j'), press('x'), press('Enter')]);
    state = queueReducer(state, { type: 'told', message: { text: 'Set.', tone: 'done' } });
    state = queueReducer(state, { type: 'reset', resetKey: 'second' });
    expect(state).toMatchObject({
      resetKey: 'second',
      cursor: { index: 0, key: null },
      anchor: null,
      detailOpen: false,
      message: { text: 'Set.', tone: 'done' },
    });
    expect(ticked(state)).toEqual([]);
  });

  it('clears the ticks when "all matching" succeeds and keeps them when it fails', () => {
    const rows = listOf();
    let state = pressAll(start(), rows, [press('x')]);
    state = queueReducer(state, { type: 'matching_started' });
    expect(state.busyMatching).toBe(true);
    const failed = { text: 'The batch changed.', tone: 'error' } as const;
    state = queueReducer(state, { type: 'matching_ended', message: failed, done: false });
    expect(state).toMatchObject({ busyMatching: false, message: failed });
    expect(ticked(state)).toEqual(['b:0']);
    const done = { text: '3 set.', tone: 'done' } as const;
    state = queueReducer(state, { type: 'matching_ended', message: done, done: true });
    expect(ticked(state)).toEqual([]);
  });
});
