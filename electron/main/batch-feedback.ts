import type { BrowserWindow } from 'electron';
import type { BatchCounts, BatchEvent } from '../../shared/batch';
import type { Core } from '../core/create-core';
import { counted } from '../../shared/count-text';

/**
 * Batch progress outside the page: the taskbar (or dock) progress bar, and a notification when a
 * batch ends while the analyst is in another window. The decision is pure and tested; Electron is
 * only used through the window and the `notify` function passed in.
 */
export interface BatchFeedback {
  /** For `setProgressBar`: a fraction from 0 to 1, or -1 to remove the bar. */
  progress: number;
  mode: 'normal' | 'paused';
  /** Shown as a notification when the window is not focused. */
  notice: { title: string; body: string } | null;
}

function fraction(counts: BatchCounts): number {
  return counts.total > 0 ? Math.min(1, Math.max(0, counts.done / counts.total)) : 0;
}

function summary(counts: BatchCounts): string {
  const parts = [
    `${counts.ok} answered`,
    `${counts.noContent} without insights`,
    `${counts.invalid} invalid`,
    `${counts.rejected} rejected`,
    `${counts.failed} failed`,
  ];
  return `${parts.join(', ')} (of ${counted(counts.total, 'row')}).`;
}

export function batchFeedback(event: BatchEvent): BatchFeedback {
  switch (event.type) {
    case 'started':
    case 'progress':
      return { progress: fraction(event.counts), mode: 'normal', notice: null };
    case 'paused':
      return { progress: fraction(event.counts), mode: 'paused', notice: null };
    case 'cancelled':
      return { progress: -1, mode: 'normal', notice: null };
    case 'finished':
      return {
        progress: -1,
        mode: 'normal',
        notice: { title: 'Batch finished', body: summary(event.counts) },
      };
    case 'failed':
      return {
        progress: -1,
        mode: 'normal',
        notice: { title: 'Batch stopped', body: event.message },
      };
  }
}

/** Follows the core's batch events for the window; returns the function that stops following. */
export function followBatches(
  core: Pick<Core, 'subscribe'>,
  window: BrowserWindow,
  notify: (notice: { title: string; body: string }) => void,
): () => void {
  // Batch progress is the contract's only event today; adding another makes `payload` a union,
  // and this stops compiling until the new event is told apart here.
  return core.subscribe((_name, payload) => {
    if (window.isDestroyed()) return;
    const feedback = batchFeedback(payload);
    window.setProgressBar(feedback.progress, { mode: feedback.mode });
    if (feedback.notice && !window.isFocused()) notify(feedback.notice);
  });
}
