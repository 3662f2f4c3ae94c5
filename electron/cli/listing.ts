import type { Io } from './io';

/** Longest list a report prints before it says how many more there are. */
export const listLimit = 20;

/** Prints a titled list, at most `listLimit` lines, then "and N more"; nothing when empty. */
export function printList(io: Io, title: string, lines: string[]): void {
  if (lines.length === 0) return;
  io.out(`${title} (${String(lines.length)}):`);
  for (const line of lines.slice(0, listLimit)) io.out(`  ${line}`);
  if (lines.length > listLimit) io.out(`  and ${String(lines.length - listLimit)} more`);
}
