/** The median of three (or any odd count of) figures and their spread, max − min. */
export function median3(values: number[]): { median: number; spread: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    spread: (sorted.at(-1) ?? 0) - (sorted[0] ?? 0),
  };
}
