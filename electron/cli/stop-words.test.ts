import { describe, expect, it } from 'vitest';
import { stoppingWaitWords, storingLastWords } from './stop-words';

const writer =
  'the other process that is writing the history to finish, to store the answers received';

describe('stoppingWaitWords: a stopping run starts or stops waiting for the history', () => {
  it('names the other process, not the requests in flight, and what the next Ctrl+C does', () => {
    expect(stoppingWaitWords('SIGINT', 1, true)).toBe(
      `dcdesk: still pausing: now waiting for ${writer} (Ctrl+C again stops the requests in flight, a third time stops now: answers not stored are asked again with --resume).`,
    );
    expect(stoppingWaitWords(undefined, 2, true)).toBe(
      `dcdesk: still pausing: now waiting for ${writer} (Ctrl+C again to stop now: answers not stored are asked again with --resume).`,
    );
  });

  it('counts SIGTERMs as SIGTERMs', () => {
    expect(stoppingWaitWords('SIGTERM', 1, true)).toContain(
      'still stopping the batch: now waiting for the other process',
    );
    expect(stoppingWaitWords('SIGTERM', 1, true)).toContain('a second SIGTERM stops the requests');
    expect(stoppingWaitWords('SIGTERM', 2, true)).toContain('(a third SIGTERM to stop now:');
  });

  it('says what comes once the other process is done: the answers stored, then the pause', () => {
    expect(stoppingWaitWords('SIGINT', 1, false)).toBe(
      'dcdesk: the other process is done writing the history: storing the answers received, then pausing.',
    );
  });
});

describe('storingLastWords: the last rows stored before dcdesk ends', () => {
  // Found by an outside tester: a run that paused by itself (a full disk) spoke of "a second
  // Ctrl+C" when none had been pressed.
  it('speaks of a second Ctrl+C only after a first', () => {
    const file = 'dcdesk bulk --resume B in.csv --output out.json';
    expect(storingLastWords(undefined, 0, file)).toBe(
      `dcdesk: storing the last rows of the batch before stopping, so that it resumes without its file (Ctrl+C does not stop this; pressed three times, it ends dcdesk now: the batch then resumes only with its file: ${file}).`,
    );
    expect(storingLastWords('SIGINT', 1, file)).toContain('a second Ctrl+C does not stop this');
  });
});
