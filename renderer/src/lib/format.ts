/**
 * The one way the renderer writes dates, scores, sizes and CPFs, so every screen says a thing
 * the same way. Sizes come from `shared/`, where the core and `dcdesk` write them too.
 */
import { dateTimeFormat, numberFormat } from './intl-formats';

export { formatBytes } from '../../../shared/format-bytes';

/** A stored ISO time in the analyst's locale and time zone; the text as given when unreadable. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/**
 * A score between 0 and 1 with two decimals, in the locale's notation, wherever it is shown; a
 * dash when absent. Two decimals tell rows apart at a glance; `scoreTitle` gives the full value.
 */
export function formatScore(score: number | null, locale: string): string {
  if (score === null) return '–';
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(score);
}

/** The score as the service sent it, for a tooltip beside the rounded one; undefined when absent. */
export function scoreTitle(score: number | null, locale: string): string | undefined {
  if (score === null) return undefined;
  return numberFormat(locale, { maximumFractionDigits: 20 }).format(score);
}

/** `52998224725` → `529.982.247-25`; anything that is not 11 digits is shown as stored. */
export function formatCpf(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 11 || /[^\d.\-/\s]/.test(text)) return text;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}
