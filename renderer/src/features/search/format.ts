/** Display rules of the Search section, kept pure so they can be tested without a DOM. */
import type { DeviceView } from '../../../../shared/contract/results';
import { maskCpf } from '../../../../shared/domain/mask';
import type { Translate } from '../../i18n/i18n';
import { formatCpf, formatDateTime } from '../../lib/format';

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
  if (iso === null || Number.isNaN(new Date(iso).getTime())) return null;
  return formatDateTime(iso, locale);
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

/**
 * How many lookups a search found, always all of them: "1,200 lookups found; showing the newest
 * 200." while fewer are shown than match.
 */
export function searchCountText(t: Translate, total: number, shown: number): string {
  if (total === 0) return t('search.empty');
  if (shown < total) return t('search.count.partial', { count: total, shown });
  return t(total === 1 ? 'search.count.one' : 'search.count.other', { count: total });
}
