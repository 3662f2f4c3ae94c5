import type { Io } from './io';
import { shown } from './terminal-text';

/** Longest list a report prints before it says how many more there are. */
export const listLimit = 20;

/** Prints a titled list, at most `listLimit` lines, then "and N more"; nothing when empty. */
export function printList(io: Io, title: string, lines: string[]): void {
  if (lines.length === 0) return;
  io.out(`${title} (${String(lines.length)}):`);
  // Each item is one line: one holding a line feed (an ID from a file) would forge others.
  for (const line of lines.slice(0, listLimit)) io.out(`  ${shown(line)}`);
  if (lines.length > listLimit) io.out(`  and ${String(lines.length - listLimit)} more`);
}
