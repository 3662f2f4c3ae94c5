import { useMutation } from '@tanstack/react-query';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { base64Bytes } from '../../lib/base64';

/**
 * "Try with the sample spreadsheet": the bundled sample (fictional transactions, a few with
 * problems) fetched from the core and handed over as a File, exactly as a dropped file is, so the
 * whole import flow runs on it. The import screen offers it only in the sandbox: the sample's
 * fictional transactions have no business reaching the real service.
 */
export function SampleOffer({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useI18n();
  const load = useMutation({
    mutationFn: () => unwrap(api.app.sample({})),
    onSuccess: (sample) =>
      onFile(new File([base64Bytes(sample.base64)], sample.fileName, { type: sample.mimeType })),
  });

  return (
    <div className="sample-offer" data-testid="sample-offer">
      <div className="sample-offer-text">
        <p className="sample-offer-title">{t('import.sample.title')}</p>
        <p className="hint">{t('import.sample.text')}</p>
      </div>
      <button
        type="button"
        className="button button-primary"
        disabled={load.isPending}
        onClick={() => load.mutate()}
      >
        {t('import.sample.try')}
      </button>
      {load.error ? <ErrorNotice error={load.error} /> : null}
    </div>
  );
}
