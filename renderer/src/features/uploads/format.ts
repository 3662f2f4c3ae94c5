/** Display and transport helpers of the Send outcomes screen: sizes, hashes, answers, base64. */
export { destinationText } from '../../i18n/destination-text';

/** A file size in the locale's notation: `950 B`, `12.4 kB`, `3.1 MB` (decimal units). */
export function formatBytes(bytes: number, locale: string): string {
  const units = [
    ['megabyte', 1_000_000],
    ['kilobyte', 1_000],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size)
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        maximumFractionDigits: 1,
      }).format(bytes / size);
  }
  // Intl spells the byte unit out ("950 byte"); the usual symbol reads better.
  return `${new Intl.NumberFormat(locale).format(bytes)} B`;
}

/** The first 12 hex digits of a SHA-256: enough to tell files apart on a line of the ledger. */
export function shortSha(sha256: string): string {
  return sha256.length > 12 ? `${sha256.slice(0, 12)}…` : sha256;
}

/** Bytes as base64, for the contract (files cross IPC and HTTP as base64 text). */
export function bytesBase64(bytes: Uint8Array): string {
  const chunk = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += chunk)
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  return btoa(binary);
}

const messageFields = ['message', 'Message', 'detail', 'Detail', 'title', 'status'];

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * The service's success answer in one line. Its form is not described by the interface: a
 * message field comes first, then up to four other plain fields as `name: value`; anything else
 * is shown as compact JSON, cut at 200 characters. Null when the service said nothing.
 */
export function answerSummary(answer: unknown): string | null {
  if (answer === null || answer === undefined) return null;
  const plain = scalar(answer);
  if (plain !== null) return plain.length > 200 ? `${plain.slice(0, 199)}…` : plain;
  if (typeof answer === 'object' && !Array.isArray(answer)) {
    const entries = Object.entries(answer as Record<string, unknown>);
    const message = messageFields
      .map((field) => scalar((answer as Record<string, unknown>)[field]))
      .find((text) => text !== null);
    const others = entries
      .filter(([name]) => !messageFields.includes(name))
      .map(([name, value]) => [name, scalar(value)] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== null)
      .slice(0, 4)
      .map(([name, value]) => `${name}: ${value}`);
    const parts = [...(message ? [message] : []), ...(others.length ? [others.join(', ')] : [])];
    if (parts.length > 0) return parts.join(' — ');
  }
  const json = JSON.stringify(answer);
  return json.length > 200 ? `${json.slice(0, 199)}…` : json;
}
