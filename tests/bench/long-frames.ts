import type { Page } from '@playwright/test';

/** A long task on the window's main thread, as Chromium's `longtask` entries report it. */
export interface LongTask {
  start: number;
  duration: number;
}

/** What ran in a long animation frame (`long-animation-frame` entries): the scripts, by source. */
export interface LongFrame extends LongTask {
  blocking: number;
  /** Time spent in style and layout after the scripts (render phase), ms. */
  render: number;
  scripts: Array<{ invoker: string; source: string; duration: number; layout: number }>;
}

/**
 * Records every long task and long animation frame of the page from its start: the frames say
 * which scripts (function, file and position) made a task long, which the tasks alone do not.
 * Read back with `readLongFrames`.
 */
export async function recordLongFrames(page: Page): Promise<void> {
  // No function is named inside: tsx would wrap it in a helper the page does not have.
  await page.addInitScript(() => {
    const record = { tasks: [] as LongTask[], frames: [] as LongFrame[] };
    (globalThis as unknown as { longFrames: typeof record }).longFrames = record;
    // These entry types are browser ones; this function runs in the page but is typed against
    // Node, so each entry is read through the fields used.
    type Entry = { startTime: number; duration: number } & Record<string, unknown>;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[])
        record.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true } as unknown as { type: 'mark' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[]) {
        const scripts = (entry.scripts ?? []) as Array<Record<string, unknown>>;
        const renderStart = Number(entry.renderStart ?? 0);
        record.frames.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: Number(entry.blockingDuration ?? 0),
          render: renderStart > 0 ? entry.startTime + entry.duration - renderStart : 0,
          scripts: scripts.map((script) => ({
            invoker: String(script.invoker),
            source: `${String(script.sourceFunctionName)} ${String(script.sourceURL).replace(/^.*\//, '')}:${String(script.sourceCharPosition)}`,
            duration: Number(script.duration),
            layout: Number(script.forcedStyleAndLayoutDuration),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true } as unknown as { type: 'mark' });
  });
}

export async function readLongFrames(
  page: Page,
): Promise<{ tasks: LongTask[]; frames: LongFrame[] }> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { longFrames: { tasks: LongTask[]; frames: LongFrame[] } })
        .longFrames,
  );
}

/** The frames that overlap `task`, to say what it was made of. */
export function framesOf(task: LongTask, frames: readonly LongFrame[]): LongFrame[] {
  return frames.filter(
    (frame) =>
      frame.start < task.start + task.duration && frame.start + frame.duration > task.start,
  );
}
