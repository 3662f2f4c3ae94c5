import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommitSchedule } from './commit-schedule';

// Fake timers stand in for the event loop here: the rule under test is which turn a commit
// lands on, and real timers would make the test depend on the machine's load.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the group commit schedule', () => {
  it('groups requests made within the window into one commit at its end', () => {
    const commit = vi.fn();
    const schedule = createCommitSchedule(commit, 20);
    schedule.request(false);
    vi.advanceTimersByTime(10);
    schedule.request(false);
    expect(commit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('commits on the next turn when a request is urgent, replacing the waiting one', () => {
    const commit = vi.fn();
    const schedule = createCommitSchedule(commit, 20);
    schedule.request(false);
    schedule.request(true);
    vi.advanceTimersToNextTimer();
    expect(commit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('forgets what was asked once cleared', () => {
    const commit = vi.fn();
    const schedule = createCommitSchedule(commit, 20);
    schedule.request(false);
    schedule.clear();
    schedule.request(true);
    schedule.clear();
    vi.advanceTimersByTime(100);
    expect(commit).not.toHaveBeenCalled();
  });
});
