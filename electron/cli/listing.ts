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

/** A size as people read it: bytes, KB or MB (1 KB = 1024 bytes). */
export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
