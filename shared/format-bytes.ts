/**
 * The one way the app writes a size, in the renderer, in messages of the core and in `dcdesk`.
 *
 * Binary units (1 KB = 1,024 bytes) with the symbols KB, MB and GB, as Windows Explorer shows
 * them: the analysts' workstations run Windows, so a file the app calls "20 MB" is the file
 * Explorer calls "20 MB". The limits the app and the service enforce are binary too (a 20 MB
 * upload is 20 × 1,024 × 1,024 bytes), so a limit reads as the round number it is ("20 MB", not
 * "21 MB"). macOS Finder counts 1 kB = 1,000 bytes; on a Mac a size here reads about 5% smaller.
 */

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * `512` → `512 bytes`, `1536` → `1.5 KB` (`1,5 KB` in Portuguese), `20971520` → `20 MB`: one
 * decimal above bytes, in the locale's notation (English by default, as in the core's messages).
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Moves up on the rounded value too, so 1,023.96 KB reads `1 MB` rather than `1,024 KB`.
  while (unit < units.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${units[unit] ?? 'bytes'}`;
}
