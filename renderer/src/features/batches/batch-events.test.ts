import { describe, expect, it } from 'vitest';
import type { BatchCounts } from '../../../../shared/batch';
import type { BatchSummary } from '../../../../shared/contract/results';
import {
  actionsFor,
  applyEvent,
  endsARun,
  interruptedBatches,
  rowsToSend,
  speedOf,
} from './batch-events';

const counts = (done: number, failed = 0): BatchCounts => ({
  total: 10,
  done,
  ok: done - failed,
  noContent: 0,
  invalid: 0,
  rejected: 0,
  failed,
  remaining: 10 - done,
});

const batch = (patch: Partial<BatchSummary> = {}): BatchSummary => ({
  id: 'b1',
  sourceName: 'pedidos.csv',
  environment: 'sandbox',
  state: 'running',
  pauseReason: null,
  pauseMessage: null,
  live: true,
  deleting: false,
  counts: counts(0),
  storing: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

describe('applyEvent', () => {
  it('takes the counts of progress and ignores other batches', () => {
    const event = {
      type: 'progress',
      batchId: 'b1',
      counts: counts(4),
      rowsPerSecond: 2,
      etaSeconds: 3,
    } as const;
    expect(applyEvent(batch(), event).counts.done).toBe(4);
    expect(applyEvent(batch({ id: 'b2' }), event).counts.done).toBe(0);
    expect(speedOf(event)).toEqual({ rowsPerSecond: 2, etaSeconds: 3 });
    expect(endsARun(event)).toBe(false);
  });

  it('records why a batch paused, and clears it when it runs again', () => {
    const paused = applyEvent(batch(), {
      type: 'paused',
      batchId: 'b1',
      counts: counts(5),
      reason: 'service_degraded',
      message: 'Too many failures.',
    });
    expect(paused).toMatchObject({ state: 'paused', pauseReason: 'service_degraded', live: false });
    const started = applyEvent(paused, { type: 'started', batchId: 'b1', counts: counts(5) });
    expect(started).toMatchObject({ state: 'running', pauseReason: null, live: true });
  });

  it('ends the run on finished, cancelled and failed', () => {
    const finished = { type: 'finished', batchId: 'b1', counts: counts(10), elapsedMs: 5 } as const;
    expect(applyEvent(batch(), finished)).toMatchObject({ state: 'finished', live: false });
    expect(endsARun(finished)).toBe(true);
    const cancelled = applyEvent(batch(), { type: 'cancelled', batchId: 'b1', counts: counts(3) });
    expect(cancelled.state).toBe('cancelled');
    const failed = applyEvent(batch(), {
      type: 'failed',
      batchId: 'b1',
      counts: counts(3),
      message: 'disk full',
    });
    expect(failed).toMatchObject({ state: 'running', live: false });
  });
});

describe('actionsFor', () => {
  it('offers nothing for a batch being deleted, its failed rows included', () => {
    const deleting = batch({
      state: 'cancelled',
      live: false,
      deleting: true,
      counts: counts(6, 2),
    });
    expect(actionsFor(deleting)).toEqual({
      pause: false,
      resume: false,
      cancel: false,
      retryFailed: false,
    });
  });

  it('offers pause and cancel while running, resume and cancel when paused', () => {
    expect(actionsFor(batch())).toEqual({
      pause: true,
      resume: false,
      cancel: true,
      retryFailed: false,
    });
    // Cancelled as it is: resuming it only to cancel it would send more rows.
    expect(actionsFor(batch({ state: 'paused', live: false }))).toMatchObject({
      pause: false,
      resume: true,
      cancel: true,
    });
    // Left running by a crash, and never started: resumed or cancelled, not paused.
    expect(actionsFor(batch({ live: false }))).toMatchObject({
      pause: false,
      resume: true,
      cancel: true,
    });
    expect(actionsFor(batch({ state: 'ready', live: false }))).toMatchObject({ cancel: true });
    // Over: nothing to cancel.
    for (const state of ['finished', 'cancelled'] as const)
      expect(actionsFor(batch({ state, live: false })).cancel).toBe(false);
  });

  it('offers no cancel while a window still sends the rows of a stopped batch', () => {
    const storing = { stored: 10, total: 40 };
    const paused = { state: 'paused', live: false } as const;
    expect(actionsFor(batch({ ...paused, storing: { ...storing, sending: true } })).cancel).toBe(
      false,
    );
    // No window sends them any more: cancelled with the rows it has.
    expect(actionsFor(batch({ ...paused, storing: { ...storing, sending: false } })).cancel).toBe(
      true,
    );
  });

  it('offers no resume for a batch whose rows no window sends any more', () => {
    const storing = { stored: 10, total: 40 };
    const paused = { state: 'paused', live: false } as const;
    expect(actionsFor(batch({ ...paused, storing: { ...storing, sending: true } })).resume).toBe(
      true,
    );
    expect(actionsFor(batch({ ...paused, storing: { ...storing, sending: false } })).resume).toBe(
      false,
    );
    // Waiting for its last row to reuse recent answers: it starts by itself.
    const waiting = batch({ state: 'ready', live: false, storing: { ...storing, sending: true } });
    expect(actionsFor(waiting).resume).toBe(false);
  });

  it('offers retrying failed rows only once the run has stopped', () => {
    expect(actionsFor(batch({ counts: counts(10, 2) })).retryFailed).toBe(false);
    const done = batch({ state: 'finished', live: false, counts: counts(10, 2) });
    expect(actionsFor(done)).toEqual({
      pause: false,
      resume: false,
      cancel: false,
      retryFailed: true,
    });
  });
});

describe('interruptedBatches', () => {
  it('keeps the batches paused because the app closed', () => {
    const list = [
      batch({ id: 'a', state: 'paused', pauseReason: 'interrupted', live: false }),
      batch({ id: 'b', state: 'paused', pauseReason: 'user', live: false }),
      batch({ id: 'c' }),
    ];
    expect(interruptedBatches(list).map((b) => b.id)).toEqual(['a']);
  });
});

describe('rowsToSend', () => {
  it('counts the rows not yet done for Resume, and the failed ones too for Retry failed rows', () => {
    // 6 done, 2 of them failed: 4 never sent.
    expect(rowsToSend(counts(6, 2), 'resume')).toBe(4);
    expect(rowsToSend(counts(6, 2), 'retryFailed')).toBe(6);
  });
});
