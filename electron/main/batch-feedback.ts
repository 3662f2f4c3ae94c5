import type { BrowserWindow } from 'electron';
import type { BatchCounts, BatchEvent } from '../../shared/batch';
import type { Core } from '../core/create-core';
import { endNotice, pauseNotice, type NoticeLocale } from './pause-notice';

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

/** `locale` is the app's language, in which every notice is written. */
export function batchFeedback(event: BatchEvent, locale: NoticeLocale = 'en'): BatchFeedback {
  switch (event.type) {
    case 'started':
    case 'progress':
      return { progress: fraction(event.counts), mode: 'normal', notice: null };
    case 'paused':
      // A pause the runner decided (service degraded, configuration) needs the analyst's action.
      return {
        progress: fraction(event.counts),
        mode: 'paused',
        notice: pauseNotice(event.reason, locale),
      };
    case 'cancelled':
      return { progress: -1, mode: 'normal', notice: null };
    case 'finished':
      return {
        progress: -1,
        mode: 'normal',
        notice: endNotice(event, locale),
      };
    case 'failed':
      return {
        progress: -1,
        mode: 'normal',
        notice: endNotice(event, locale),
      };
  }
}

/** Follows the core's batch events for the window; returns the function that stops following. */
export function followBatches(
  core: Pick<Core, 'subscribe'>,
  window: BrowserWindow,
  notify: (notice: { title: string; body: string }) => void,
  locale: () => Promise<NoticeLocale>,
): () => void {
  return core.subscribe((name, payload) => {
    if (window.isDestroyed() || name !== 'main:batch.progress') return;
    const event = payload as BatchEvent;
    const bar = batchFeedback(event);
    window.setProgressBar(bar.progress, { mode: bar.mode });
    if (!bar.notice || window.isFocused()) return;
    // The language is read when there is something to say: the analyst may have changed it.
    void locale().then((chosen) => {
      const { notice } = batchFeedback(event, chosen);
      if (notice) notify(notice);
    });
  });
}
