import type { Measured } from './median';

/** One line of `npm run bench`: what was measured, against which target, and the raw figures. */
export interface BenchResult {
  name: string;
  value: string;
  target: string;
  met: boolean;
  /** The measured figures behind `value` (medians of three runs), written to the JSON report. */
  figures?: Record<string, Measured>;
}

/** A named group of measures; `npm run bench -- NAME` runs the groups whose name contains NAME. */
export interface Bench {
  name: string;
  run: () => Promise<BenchResult[]>;
}
