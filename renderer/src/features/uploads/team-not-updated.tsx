import { useI18n } from '../../i18n/i18n';

/**
 * Said after a send whose answer the team's ledger could not record (its database went away
 * meanwhile): colleagues see the file as being sent until this computer's next sync records it.
 */
export function TeamNotUpdatedNotice({ shown }: { shown: boolean }) {
  const { t } = useI18n();
  if (!shown) return null;
  return (
    <p className="hint" role="status" data-testid="send-team-not-updated">
      {t('uploads.send.teamNotUpdated')}
    </p>
  );
}
