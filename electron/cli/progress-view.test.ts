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
