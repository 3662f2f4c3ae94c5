import { describe, expect, it } from 'vitest';
import type { BatchCounts } from '../../shared/batch';
import { batchFeedback } from './batch-feedback';

const counts = (done: number, total: number): BatchCounts => ({
  total,
  done,
  ok: done,
  noContent: 0,
  invalid: 0,
  rejected: 0,
  failed: 0,
  remaining: total - done,
});

describe('batchFeedback', () => {
  it('shows the done fraction while a batch runs, and paused when paused', () => {
    expect(batchFeedback({ type: 'started', batchId: 'b', counts: counts(0, 200) })).toEqual({
      progress: 0,
      mode: 'normal',
      notice: null,
    });
    expect(
      batchFeedback({
        type: 'progress',
        batchId: 'b',
        counts: counts(50, 200),
        rowsPerSecond: 9,
        etaSeconds: 17,
      }),
    ).toMatchObject({ progress: 0.25, mode: 'normal', notice: null });
    expect(
      batchFeedback({
        type: 'paused',
        batchId: 'b',
        counts: counts(150, 200),
        reason: 'user',
        message: 'Paused.',
      }),
    ).toMatchObject({ progress: 0.75, mode: 'paused' });
  });

  it('clears the bar and has a notice when a batch finishes or fails', () => {
    const finished = batchFeedback({
      type: 'finished',
      batchId: 'b',
      counts: counts(200, 200),
      elapsedMs: 1000,
    });
    expect(finished.progress).toBe(-1);
    expect(finished.notice?.body).toContain('200 answered');
    const failed = batchFeedback({
      type: 'failed',
      batchId: 'b',
      counts: counts(3, 200),
      message: 'The disk is full.',
    });
    expect(failed).toMatchObject({ progress: -1, notice: { body: 'The disk is full.' } });
  });

  it("says how a batch finished or stopped in the app's language, with its numbers", () => {
    const event = {
      type: 'finished',
      batchId: 'b',
      counts: { ...counts(1200, 1200), ok: 1200 },
      elapsedMs: 1000,
    } as const;
    expect(batchFeedback(event, 'pt-BR').notice).toEqual({
      title: 'Lote concluído',
      body: '1.200 respondidas, 0 sem insights, 0 inválidas, 0 recusadas, 0 com falha (de 1.200 linhas).',
    });
    expect(batchFeedback(event, 'en').notice?.body).toMatch(
      /^1,200 answered, .* \(of 1,200 rows\)\.$/,
    );
    const stopped = batchFeedback(
      { type: 'failed', batchId: 'b', counts: counts(3, 200), message: 'The disk is full.' },
      'pt-BR',
    );
    expect(stopped.notice).toEqual({ title: 'Lote parado', body: 'The disk is full.' });
  });

  it("has a notice in the app's language when a batch pauses itself, none when paused by hand", () => {
    const paused = (reason: 'user' | 'service_degraded') =>
      ({
        type: 'paused',
        batchId: 'b',
        counts: counts(10, 200),
        reason,
        message: 'Paused.',
      }) as const;
    expect(batchFeedback(paused('service_degraded')).notice?.title).toBe('Batch paused by itself');
    expect(batchFeedback(paused('service_degraded'), 'pt-BR').notice?.title).toBe(
      'Lote pausado automaticamente',
    );
    expect(batchFeedback(paused('user'), 'pt-BR').notice).toBeNull();
  });

  it('clears the bar silently when the analyst cancels, and never divides by zero', () => {
    expect(batchFeedback({ type: 'cancelled', batchId: 'b', counts: counts(3, 200) })).toEqual({
      progress: -1,
      mode: 'normal',
      notice: null,
    });
    expect(batchFeedback({ type: 'started', batchId: 'b', counts: counts(0, 0) }).progress).toBe(0);
  });
});
