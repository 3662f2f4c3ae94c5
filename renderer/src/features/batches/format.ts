/** Display helpers of the Batches screens: durations, dates, scores and shares. */

/** `75` → `1 min 15 s`, `3725` → `1 h 02 min`: two units at most, the larger first. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${String(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min ${String(seconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${String(hours)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A stored ISO time in the analyst's locale and time zone; the text as given when unreadable. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** Whole percent done, never 100 before every row is. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((done / total) * 100);
  return done >= total ? 100 : Math.min(percent, 99);
}

/** A score between 0 and 1 with two decimals, in the locale's notation; a dash when absent. */
export function formatScore(score: number | null, locale: string): string {
  if (score === null) return '–';
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(score);
}

/** Bytes of a base64 text, for a Blob: the export answers cross IPC and HTTP as base64. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
