/* eslint-disable react-hooks/refs, react-hooks/set-state-in-effect -- being rewritten as a reducer (issue 12.5) */
/**
 * The state of the queue the analyst works in: the current row, the ticked rows, the open detail
 * and the last thing that happened; and what each key press or click does to it.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { OutcomeChange, ReviewTarget } from '../../../../shared/contract/outcomes';
import type { Outcome } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import { resolveCursor, startCursor, type Cursor } from './cursor';
import { bulkChangeText, rowChangeText, skippedRows } from './outcome-text';
import type { LinePointer } from './queue-line';
import { movedIndex, queueKeyAction, type QueueAction } from './queue-keys';
import type { QueueRow, QueueRows } from './use-queue-rows';
import { targetOf } from './use-queue-rows';
import {
  noSelection,
  selectRange,
  selectedTargets,
  targetKey,
  toggleTarget,
  type Selection,
} from './selection';
import { useSetOutcome } from './use-outcomes';

export interface QueueMessage {
  text: string;
  tone: 'done' | 'warning' | 'error';
}

interface Options {
  rows: QueueRows;
  /** Changes with the source, filter and sort: the queue starts again at its first row. */
  resetKey: string;
  /** Every row matching the filter gets this outcome (the caller knows how, per source). */
  setMatching: (outcome: Outcome | null) => Promise<OutcomeChange>;
  listRef: RefObject<HTMLDivElement | null>;
}

const keyOf = (row: QueueRow | undefined) => (row ? targetKey(targetOf(row)) : undefined);

export function useQueueController({ rows, resetKey, setMatching, listRef }: Options) {
  const { t } = useI18n();
  const setOutcome = useSetOutcome();
  const [cursor, setCursor] = useState<Cursor>(startCursor);
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [message, setMessage] = useState<QueueMessage | null>(null);
  const [busyMatching, setBusyMatching] = useState(false);
  const [asking, setAsking] = useState<{ outcome: Outcome | null; count: number } | null>(null);

  useEffect(() => {
    setCursor(startCursor);
    setSelection(noSelection);
    setAnchor(null);
    setDetailOpen(false);
  }, [resetKey]);

  const count = rows.total ?? 0;
  const active = resolveCursor(cursor, (index) => keyOf(rows.rowAt(index)), count);
  const current = active >= 0 ? rows.rowAt(active) : undefined;
  const targetAt = (index: number) => {
    const row = rows.rowAt(index);
    return row ? targetOf(row) : undefined;
  };
  const goTo = (index: number) => setCursor({ index, key: keyOf(rows.rowAt(index)) ?? null });

  const fail = (error: unknown) =>
    setMessage({ text: error instanceof Error ? error.message : String(error), tone: 'error' });

  function apply(outcome: Outcome | null) {
    if (selection.size > 0) {
      const targets = selectedTargets(selection);
      setSelection(noSelection);
      setOutcome.mutate(
        { targets, outcome },
        {
          onSuccess: (change) =>
            setMessage({
              text: bulkChangeText(t, outcome, change),
              tone: skippedRows(change) > 0 ? 'warning' : 'done',
            }),
          onError: fail,
        },
      );
      return;
    }
    if (!current) return;
    const { row } = current;
    // A row that can be reviewed hands over to the next one at once; one that cannot stays put,
    // so the analyst reads why.
    if (row.externalId !== null && row.deviceId !== null && active + 1 < count) goTo(active + 1);
    setOutcome.mutate(
      { targets: [targetOf(current)], outcome },
      {
        onSuccess: (change) =>
          setMessage({
            text: rowChangeText(t, row.row, outcome, change),
            tone: skippedRows(change) > 0 ? 'warning' : 'done',
          }),
        onError: fail,
      },
    );
  }

  function move(action: QueueAction) {
    const next = movedIndex(active, action, count);
    if (next < 0) return;
    if ((action.type === 'move' || action.type === 'edge') && action.extend) {
      const from = anchor ?? active;
      setAnchor(from);
      setSelection((now) => selectRange(now, targetAt, from, next));
    } else setAnchor(next);
    goTo(next);
  }

  function selectLoaded() {
    setSelection((now) =>
      rows.loaded().reduce<Selection>((sel, index) => {
        const target = targetAt(index);
        return target ? toggleTarget(sel, target, true) : sel;
      }, now),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Only keys pressed on the list itself: never those typed in a field.
    if (event.target !== event.currentTarget) return;
    const action = queueKeyAction(event);
    if (!action) return;
    event.preventDefault();
    switch (action.type) {
      case 'set':
        // A key acting on many ticked rows (some perhaps off screen) asks first; one row does not.
        if (selection.size > 1) setAsking({ outcome: action.outcome, count: selection.size });
        else apply(action.outcome);
        break;
      case 'move':
      case 'edge':
        move(action);
        break;
      case 'toggle': {
        const target = targetAt(active);
        if (target) setSelection((now) => toggleTarget(now, target));
        setAnchor(active);
        break;
      }
      case 'selectAll':
        selectLoaded();
        break;
      case 'open':
        if (current) setDetailOpen(true);
        break;
      case 'close':
        if (detailOpen) setDetailOpen(false);
        else setSelection(noSelection);
        break;
    }
  }

  // Clicks reach memoised lines through a stable function reading the latest state.
  const latest = useRef({ rows, anchor, active });
  latest.current = { rows, anchor, active };
  const onPointer = useCallback(
    (pointer: LinePointer) => {
      const { rows: now, anchor: from, active: at } = latest.current;
      listRef.current?.focus({ preventScroll: true });
      const row = now.rowAt(pointer.index);
      if (!row) return;
      const target = targetOf(row);
      if (pointer.shift) {
        const start = from ?? at;
        setSelection((sel) =>
          selectRange(
            sel,
            (index) => {
              const found = now.rowAt(index);
              return found ? targetOf(found) : undefined;
            },
            start,
            pointer.index,
          ),
        );
      } else {
        setAnchor(pointer.index);
        if (pointer.toggle) setSelection((sel) => toggleTarget(sel, target));
      }
      setCursor({ index: pointer.index, key: targetKey(target) });
      if (pointer.open) setDetailOpen(true);
    },
    [listRef],
  );

  async function applyMatching(outcome: Outcome | null) {
    setBusyMatching(true);
    try {
      const change = await setMatching(outcome);
      setSelection(noSelection);
      setMessage({
        text: bulkChangeText(t, outcome, change),
        tone: skippedRows(change) > 0 ? 'warning' : 'done',
      });
    } catch (error) {
      fail(error);
    } finally {
      setBusyMatching(false);
    }
  }

  const detailTarget = useRef<{ target: ReviewTarget; row: QueueRow } | null>(null);
  if (current) detailTarget.current = { target: targetOf(current), row: current };

  return {
    active,
    current,
    selection,
    message,
    detail: detailOpen ? detailTarget.current : null,
    busy: setOutcome.isPending || busyMatching,
    onKeyDown,
    onPointer,
    closeDetail: () => {
      setDetailOpen(false);
      listRef.current?.focus({ preventScroll: true });
    },
    selectLoaded,
    clearSelection: () => setSelection(noSelection),
    setSelected: (outcome: Outcome | null) => apply(outcome),
    setMatching: (outcome: Outcome | null) => void applyMatching(outcome),
    /** A key pressed on several ticked rows, waiting for the analyst's yes. */
    asking,
    confirmAsked: () => {
      if (asking) apply(asking.outcome);
      setAsking(null);
      listRef.current?.focus({ preventScroll: true });
    },
    cancelAsked: () => {
      setAsking(null);
      listRef.current?.focus({ preventScroll: true });
    },
  };
}
