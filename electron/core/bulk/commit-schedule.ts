/**
 * When the runner's next group commit happens. A commit with `synchronous=FULL` waits for an
 * fsync and holds the event loop meanwhile, so commits are grouped: at most one per
 * `windowMs` while the rows claimed ahead last, at once (next turn of the event loop) when they
 * run low or the run is stopping. Answers never wait for a commit to be sent their next row.
 */
export interface CommitSchedule {
  /** Asks for a commit: `urgent` on the next turn, otherwise within the window. */
  request(urgent: boolean): void;
  /** Forgets any commit asked for (the run ended). */
  clear(): void;
}

export function createCommitSchedule(commit: () => void, windowMs: number): CommitSchedule {
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;

  function run(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    immediate = null;
    commit();
  }

  return {
    request(urgent) {
      if (immediate) return;
      if (urgent || windowMs <= 0) {
        if (timer) clearTimeout(timer);
        timer = null;
        immediate = setImmediate(run);
      } else if (!timer) {
        timer = setTimeout(run, windowMs);
      }
    },
    clear() {
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
    },
  };
}
