/**
 * The current row of the queue, kept by key as well as by position: when the rows are fetched
 * again (a reviewed row left the "not reviewed" queue, say), the current row is found where it
 * moved to, so the analyst's place never jumps.
 */
export interface Cursor {
  /** Position in the filtered, sorted list, 0-based. */
  index: number;
  /** The row's key when it was chosen; null when its page was not loaded. */
  key: string | null;
}

export const startCursor: Cursor = { index: 0, key: null };

/**
 * The position of the cursor's row now: where its key is, looked for `radius` rows around its
 * last position (the loaded pages); its last position when the row is gone or not loaded, kept
 * inside the list. -1 for an empty list.
 */
export function resolveCursor(
  cursor: Cursor,
  keyAt: (index: number) => string | undefined,
  count: number,
  radius = 60,
): number {
  if (count <= 0) return -1;
  const clamped = Math.min(count - 1, Math.max(0, cursor.index));
  if (cursor.key === null || keyAt(clamped) === cursor.key) return clamped;
  for (let distance = 1; distance <= radius; distance += 1) {
    for (const index of [cursor.index - distance, cursor.index + distance]) {
      if (index >= 0 && index < count && keyAt(index) === cursor.key) return index;
    }
  }
  return clamped;
}
