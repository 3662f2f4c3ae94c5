import { describe, expect, it } from 'vitest';
import type { BatchCounts } from '../core/bulk/progress';
import type { Io } from './io';
import { progressView } from './progress-view';
import { scriptedInput } from './terminal-input';

const counts: BatchCounts = {
  total: 20_000,
  done: 164,
  ok: 160,
  noContent: 4,
  invalid: 0,
  rejected: 0,
  failed: 0,
  remaining: 19_836,
};

function viewed(isTerminal: boolean) {
  const lines: string[] = [];
  const io: Io = {
    out: () => undefined,
    err: (text) => lines.push(text),
    progress: (line) => line !== null && lines.push(line),
    env: {},
    isTerminal,
    stopped: new Promise(() => undefined),
    ...scriptedInput(''),
  };
  return { view: progressView(io, 0), lines };
}

describe('progressView while a big file is still being stored', () => {
  it.each([true, false])(
    'measures against the file, not the rows stored so far (terminal: %s)',
    (terminal) => {
      const { view, lines } = viewed(terminal);
      view.expect(800_000);
      view.show({ type: 'progress', batchId: 'b', counts, rowsPerSecond: 200, etaSeconds: 99 });
      expect(lines[0]).toContain('164/800,000 (0%)');
      // (800,000 - 164) rows at 200/s.
      expect(lines[0]).toContain('ETA 1h06m');
    },
  );
});

describe('progressView while another process holds the history', () => {
  it.each([true, false])(
    'says once that the run waits for it, then once that it goes on (terminal: %s)',
    (terminal) => {
      const { view, lines } = viewed(terminal);
      const progress = { type: 'progress', batchId: 'b', counts, rowsPerSecond: 0 } as const;
      view.show({ ...progress, etaSeconds: null });
      view.show({ ...progress, etaSeconds: null, historyWait: true });
      view.show({ ...progress, etaSeconds: null, historyWait: true });
      view.show({ ...progress, etaSeconds: null });
      const said = lines.filter((line) => line.startsWith('dcdesk: '));
      expect(said).toEqual([
        'dcdesk: waiting for another process that is writing the history (another dcdesk, or the app): the answers received are kept, and stored as soon as it is done. Ctrl+C still pauses the batch.',
        'dcdesk: the other process is done writing the history: going on.',
      ]);
    },
  );

  it('says a wait that starts or ends once the run was asked to stop by the words it is given', () => {
    const { view, lines } = viewed(false);
    const progress = { type: 'progress', batchId: 'b', counts, rowsPerSecond: 0 } as const;
    view.whileStopping((waiting) => (waiting ? 'waits now' : 'goes on now'));
    view.show({ ...progress, etaSeconds: null, historyWait: true });
    view.show({ ...progress, etaSeconds: null });
    expect(lines.filter((line) => !line.includes('/'))).toEqual(['waits now', 'goes on now']);
  });

  it('tells whether the run waits for it now (what the pausing line says)', () => {
    const { view } = viewed(false);
    const progress = { type: 'progress', batchId: 'b', counts, rowsPerSecond: 0 } as const;
    expect(view.waitingForHistory()).toBe(false);
    view.show({ ...progress, etaSeconds: null, historyWait: true });
    expect(view.waitingForHistory()).toBe(true);
    view.show({ ...progress, etaSeconds: null });
    expect(view.waitingForHistory()).toBe(false);
  });
});
