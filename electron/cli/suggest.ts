/**
 * "Did you mean …?" for mistyped commands and options, as git, gh and kubectl do: the nearest
 * candidate by edit distance, offered only when it is close enough to be the likely intent.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] ?? [];
      const above = d[i - 1] ?? [];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      row[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate nearest to `typed`, or null when none is near: at most 2 edits, and fewer than
 * half the typed length, so `x` never "means" `sandbox`. A candidate that starts with what was
 * typed (an abbreviation such as `--conc`) also counts.
 */
export function nearest(typed: string, candidates: readonly string[]): string | null {
  const lower = typed.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    const distance = name.startsWith(lower) && lower.length >= 3 ? 1 : editDistance(lower, name);
    if (distance === 0) return name;
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best) return null;
  const limit = Math.min(2, Math.floor(lower.length / 2));
  return best.distance <= limit ? best.name : null;
}

/** The option named in a `node:util` parseArgs error, e.g. "Unknown option '--concurency'". */
export function unknownOptionOf(message: string): string | null {
  const match = /Unknown option '(-{1,2}[^'\s]+)'/.exec(message);
  return match?.[1] ?? null;
}

/**
 * A `node:util` parseArgs error in the command line's own words: what was wrong, and the nearest
 * of the command's `options` (`--output`, …) when an unknown one was probably a typo. Those are
 * the options it declares, not every `--flag` its help mentions (`batches` cites `bulk --resume`).
 */
export function describeArgumentError(
  code: string,
  message: string,
  options: readonly string[],
): string {
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const typed = unknownOptionOf(message) ?? 'given';
    const meant = typed.startsWith('--') ? nearest(typed, options) : null;
    return meant
      ? `unknown option '${typed}'; did you mean '${meant}'?`
      : `unknown option '${typed}'.`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /Option '(?:-\w, )?(-{1,2}[^'\s]+)/.exec(message)?.[1] ?? 'an option';
    return message.includes('argument missing')
      ? `${option} needs a value.`
      : `${option} takes no value.`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const argument = /Unexpected argument '([^']*)'/.exec(message)?.[1] ?? '';
    return `unexpected argument '${argument}': this command takes none.`;
  }
  return message;
}
