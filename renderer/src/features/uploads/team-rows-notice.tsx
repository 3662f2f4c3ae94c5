import type { BuiltFileView } from '../../../../shared/contract/outcomes';
import { useI18n } from '../../i18n/i18n';

/**
 * What the team database (issue 17) changed in the file below: the transactions left out because
 * a colleague already sent them, or, when the team database could not be asked, a warning that
 * the file is this workstation's view only (a send then waits until the team answers).
 */
export function TeamRowsNotice({
  rows,
  env,
}: {
  rows: Pick<BuiltFileView, 'sentByTeam' | 'teamError'>;
  env: string;
}) {
  const { t } = useI18n();
  if (rows.teamError !== null)
    return (
      <div className="notice" role="alert" data-testid="build-team-error">
        <p className="notice-title">{t('uploads.team.unreachable')}</p>
        <p>{rows.teamError}</p>
        <p className="hint">{t('uploads.team.unreachableHint')}</p>
      </div>
    );
  if (rows.sentByTeam === 0) return null;
  return (
    <p className="hint" role="status" data-testid="build-sent-by-team" data-value={rows.sentByTeam}>
      {t('uploads.team.leftOut', { count: rows.sentByTeam, env })}
    </p>
  );
}
