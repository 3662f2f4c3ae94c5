/** When an outcome was set, and by whom when a colleague's change set it (issue 17). */
import type { ResultRow } from '../../../shared/contract/results';
import type { Translate } from '../i18n/i18n';
import { formatDateTime } from './format';

/**
 * "set 26/11/2026 10:00:00" for an outcome set on this workstation, "changed by Bia at …" for one
 * a colleague's change set (pulled from the team database); null when the row has no outcome time
 * and no author. The review queue, its detail and the results table all say it this way.
 */
export function outcomeWhen(
  t: Translate,
  locale: string,
  row: Pick<ResultRow, 'outcomeSetAt' | 'outcomeSetBy'>,
): string | null {
  const { outcomeSetAt: at, outcomeSetBy: by } = row;
  if (at === null) return by === null ? null : t('outcome.changedByName', { name: by });
  const time = formatDateTime(at, locale);
  return by === null ? t('outcome.setAt', { time }) : t('outcome.changedBy', { name: by, time });
}
