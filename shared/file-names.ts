/**
 * Bytes a name the app makes from the analyst's text (a source file's name, an environment's
 * address) may take before the app's suffix and extension: file systems allow 255 bytes for a
 * whole name, and a longer one fails only when the file is written.
 */
export const maxStemBytes = 150;

/**
 * `stem` cut to at most `maxBytes` bytes of UTF-8, between characters (never inside one, nor
 * between a surrogate pair's halves), without spaces or dots left at its end.
 */
export function shortStem(stem: string, maxBytes = maxStemBytes): string {
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 4 for 2): most names need no encoding.
  if (stem.length * 3 <= maxBytes) return stem;
  const encoder = new TextEncoder();
  if (encoder.encode(stem).length <= maxBytes) return stem;
  let kept = '';
  let bytes = 0;
  for (const char of stem) {
    const size = encoder.encode(char).length;
    if (bytes + size > maxBytes) break;
    kept += char;
    bytes += size;
  }
  return kept.replace(/[\s.]+$/u, '');
}

/**
 * `2026-11-23`: the analyst's local date, as the page or file it names says it. Not
 * `toISOString()`, whose UTC date is already tomorrow's after 21:00 in São Paulo.
 */
export function localDateStamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
