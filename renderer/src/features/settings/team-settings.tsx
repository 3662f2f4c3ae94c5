import './team-settings.css';
import { useId } from 'react';
import { useNavigation } from '../../app/navigation';
import { useSettings } from '../../app/use-app';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/device-check';
import { AnalystNameForm } from './analyst-name-form';
import { TeamConnectionForm } from './team-connection-form';
import type { TeamUiState } from './team-state';
import { TeamStatusFacts } from './team-status';
import { syncReportText } from './team-text';
import { useTeamActions, useTeamStatus } from './use-team';

/** The action on its way, what the last one did, or a sync the core runs by itself. */
function TeamProgress({ state, syncing }: { state: TeamUiState; syncing: boolean }) {
  const { t } = useI18n();
  const { busy, done } = state;
  let line = null;
  if (busy !== null)
    line = (
      <p className="hint" role="status" data-testid="team-busy" data-action={busy}>
        {t(`settings.team.busy.${busy}`)}
      </p>
    );
  else if (done !== null)
    line = (
      <p className="success" role="status" data-testid="team-done" data-action={done.action}>
        {done.action === 'sync'
          ? syncReportText(t, done.report)
          : t(`settings.team.done.${done.action}`)}
      </p>
    );
  else if (syncing)
    line = (
      <p className="hint" role="status" data-testid="team-syncing">
        {t('settings.team.syncing')}
      </p>
    );
  return <div aria-live="polite">{line}</div>;
}

/**
 * Settings → Team (issue 17): the team database this workstation shares outcomes and the upload
 * ledger through, its status (read every few seconds while Settings is in view), the actions on
 * it, and the name this workstation's changes carry.
 */
export function TeamSettings() {
  const { t } = useI18n();
  const id = useId();
  const { place } = useNavigation();
  const status = useTeamStatus(place.section === 'settings');
  const settings = useSettings().data;
  const actions = useTeamActions();
  const { state } = actions;
  const current = status.data;
  const busy = state.busy !== null;
  const osName = current?.osUser ?? null;

  return (
    <section
      className="stack settings-form team-settings"
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      data-testid="team-settings"
    >
      <h3 id={`${id}-title`}>{t('settings.team.title')}</h3>
      <p className="hint">{t('settings.team.hint')}</p>
      {status.error ? (
        <ErrorNotice error={status.error} onRetry={() => void status.refetch()} />
      ) : null}
      {current ? (
        <TeamStatusFacts status={current} />
      ) : (
        <p className="hint">{t('common.loading')}</p>
      )}
      <TeamConnectionForm savedUrl={current?.url ?? null} disabled={busy} actions={actions} />
      {current?.url ? (
        <div className="row">
          <button
            type="button"
            className="button"
            onClick={() => void actions.sync()}
            disabled={busy}
            data-testid="team-sync"
          >
            {t('settings.team.sync')}
          </button>
          <button
            type="button"
            className="button"
            onClick={actions.ask}
            disabled={busy}
            data-testid="team-disconnect"
          >
            {t('settings.team.disconnect')}
          </button>
        </div>
      ) : null}
      <TeamProgress state={state} syncing={current?.syncing ?? false} />
      {/* A failed sync is already the status's last error: said once. */}
      {state.error && state.error.message !== current?.lastError ? (
        <ErrorNotice error={new ApiError(state.error)} />
      ) : null}
      {settings ? <AnalystNameForm setting={settings.analystName} osName={osName} /> : null}
      <ConfirmDialog
        open={state.asking}
        danger
        title={t('settings.team.confirmTitle')}
        message={t('settings.team.confirm', { url: current?.url ?? '' })}
        confirmLabel={t('settings.team.disconnect')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void actions.disconnect()}
        onCancel={actions.cancel}
        testId="team-disconnect-dialog"
      />
    </section>
  );
}
