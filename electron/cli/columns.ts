import { shown } from './terminal-text';

/** Lines of a table whose columns line up: each as wide as its widest cell, two spaces apart. */
export function alignColumns(
  rows: string[][],
  rightAligned: ReadonlySet<number> = new Set(),
): string[] {
  // A cell holding a line feed or a tab (a file's name) would forge rows or columns.
  rows = rows.map((row) => row.map(shown));
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, index) => {
        if (index === row.length - 1 && !rightAligned.has(index)) return cell;
        const width = widths[index] ?? 0;
        return rightAligned.has(index) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  '),
  );
}
