/** Settings → Team in words, and the one rule the form applies to what is typed. */
import type { TeamSyncReport } from '../../../../shared/contract/team';
import type { Translate } from '../../i18n/i18n';

/** Decodes `%40` and the like; a password with a stray `%` is kept as typed. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A connection URL as typed, split so the URL field never holds a password: the URL without it,
 * and the password it carried (`postgresql://ana:s3cret@host/db` → `postgresql://ana@host/db`
 * and `s3cret`). The last `@` before the path ends the user part, as URL parsers read it.
 * Anything that does not look like `scheme://…` is returned as it is, for the core to refuse.
 */
export function splitTeamUrl(text: string): { url: string; password: string | undefined } {
  const trimmed = text.trim();
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(trimmed);
  if (!match) return { url: trimmed, password: undefined };
  const [, scheme = '', authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  const colon = at < 0 ? -1 : authority.slice(0, at).indexOf(':');
  if (colon < 0) return { url: trimmed, password: undefined };
  const user = authority.slice(0, colon);
  const password = authority.slice(colon + 1, at);
  return {
    url: `${scheme}${user}@${authority.slice(at + 1)}${rest}`,
    password: password === '' ? undefined : decoded(password),
  };
}

/** What one sync did, in one sentence. */
export function syncReportText(t: Translate, report: TeamSyncReport): string {
  const synced = t('settings.team.done.sync', { ...report });
  if (report.passedOver === 0) return synced;
  return `${synced} ${t('settings.team.done.passedOver', { count: report.passedOver })}`;
}

/** The analysts the team database holds, as a list in the locale ("Ana, Bia and Caio"). */
export function colleaguesText(t: Translate, locale: string, names: readonly string[]): string {
  if (names.length === 0) return t('settings.team.noColleagues');
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}
