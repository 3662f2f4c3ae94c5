/**
 * Rows Excel hides: by a filter (AutoFilter) or by hand. Hidden sheets are skipped on purpose
 * (the first visible sheet is read), but a hidden row is read and sent like the others: a filter
 * is how an analyst looks at a sheet, not a choice of what to send, and leaving rows out silently
 * would lose transactions. The analyst is told how many hidden rows go, so a filter meant as a
 * choice is noticed before the run.
 */

/** Counts the rows seen (1-based, in sheet order) that are among `hidden` (sorted, 1-based). */
export function hiddenRowCounter(hidden: readonly number[] | undefined) {
  const list = hidden ?? [];
  let at = 0;
  let count = 0;
  const rows: number[] = [];
  return {
    see(row: number): void {
      if (at >= list.length) return;
      while (at < list.length && (list[at] as number) < row) at += 1;
      if (list[at] === row) {
        count += 1;
        if (rows.length < 10) rows.push(row);
      }
    },
    get count(): number {
      return count;
    },
    /** The first ten hidden rows seen. */
    get rows(): readonly number[] {
      return rows;
    },
  };
}
