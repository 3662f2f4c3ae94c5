/** Display rules of the Search section, kept pure so they can be tested without a DOM. */
import type { DeviceView } from '../../../../shared/contract/results';
import { maskCpf } from '../../../../shared/domain/mask';

/** `52998224725` → `529.982.247-25`; anything that is not 11 digits is shown as stored. */
export function formatCpf(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 11 || /[^\d.\-/\s]/.test(text)) return text;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** A CPF as the table shows it: masked (`***.456.789-**`) unless the analyst asked to see it. */
export function shownCpf(cpf: string | null, show: boolean): string | null {
  if (cpf === null || cpf.trim() === '') return null;
  return show ? formatCpf(cpf) : maskCpf(cpf);
}

/** A score as the share of a bar to fill: 0 to 1, anything unknown or out of range clamped. */
export function scoreFraction(score: number | null): number {
  if (score === null || !Number.isFinite(score)) return 0;
  return Math.min(1, Math.max(0, score));
}

/** When a row was looked up, in the analyst's language; null when it has not been yet. */
export function formatLookedUp(iso: string | null, locale: string): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

type SimilarDevice = DeviceView['similarDevices'][number];

/** Most similar first; devices without a score last; ties by device ID so the order is stable. */
export function sortSimilar(devices: readonly SimilarDevice[]): SimilarDevice[] {
  return [...devices].sort(
    (a, b) =>
      (b.maximumScore ?? -1) - (a.maximumScore ?? -1) || a.deviceId.localeCompare(b.deviceId),
  );
}

/** Which message counts the transactions of a device. */
export function seenKey(count: number): 'none' | 'one' | 'other' {
  return count === 0 ? 'none' : count === 1 ? 'one' : 'other';
}
