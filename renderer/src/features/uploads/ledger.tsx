import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UploadView } from '../../../../shared/contract/outcomes';
import type { EnvironmentName } from '../../../../shared/environment';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { saveFile } from '../../lib/download';
import { LedgerRow } from './ledger-row';
import { SendDialogs } from './send-dialogs';
import { SendResult } from './send-result';
import { useSend } from './use-send';
import { queryKeys } from '../../lib/query-keys';

/**
 * Every file sent, newest first, whatever the service answered: a stored file can be saved again
 * or sent again (to the active environment, with the same questions as a new file).
 */
export function Ledger({
  environment,
  visible,
}: {
  environment: EnvironmentName;
  visible: boolean;
}) {
  const { t, number } = useI18n();
  const id = useId();
  const list = useQuery({
    queryKey: queryKeys['uploads.list'](),
    queryFn: () => unwrap(api.uploads.list({})),
    enabled: visible,
    staleTime: 0,
  });
  // A re-send's result is about the newest line until another send adds a newer one.
  const flow = useSend(environment, {
    key: String(list.data?.[0]?.id ?? ''),
    settling: list.isFetching,
  });
  const saving = useMutation({
    mutationFn: (upload: UploadView) => unwrap(api.uploads.file({ uploadId: upload.id })),
    onSuccess: saveFile,
  });
  const uploads = list.data ?? [];

  return (
    <section className="card uploads-card" aria-labelledby={`${id}-title`} data-testid="ledger">
      <div className="row spread">
        <h3 id={`${id}-title`}>{t('uploads.ledger.title')}</h3>
        {list.data && uploads.length > 0 ? (
          <p className="hint" data-testid="ledger-count" data-value={uploads.length}>
            {t('uploads.ledger.count', { count: number(uploads.length) })}
          </p>
        ) : null}
      </div>
      <SendResult flow={flow} />
      {saving.error ? <ErrorNotice error={saving.error} /> : null}
      {list.error ? <ErrorNotice error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && uploads.length === 0 ? (
        <p className="hint" data-testid="ledger-empty">
          {t('uploads.ledger.empty')}
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <div className="ledger-scroll">
          <table className="ledger-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">{t('uploads.ledger.time')}</th>
                <th scope="col">{t('uploads.ledger.file')}</th>
                <th scope="col">{t('uploads.ledger.kind')}</th>
                <th scope="col" className="numeric">
                  {t('uploads.ledger.rows')}
                </th>
                <th scope="col">SHA-256</th>
                <th scope="col">{t('uploads.ledger.environment')}</th>
                <th scope="col">{t('uploads.ledger.status')}</th>
                <th scope="col" className="numeric">
                  HTTP
                </th>
                <th scope="col">{t('uploads.ledger.answer')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('uploads.ledger.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((upload) => (
                <LedgerRow
                  key={upload.id}
                  upload={upload}
                  flow={flow}
                  environment={environment}
                  onSave={(line) => saving.mutate(line)}
                  saving={saving.isPending}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <SendDialogs flow={flow} />
    </section>
  );
}
