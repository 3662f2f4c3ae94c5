import { useId } from 'react';
import { pathStyleOf, routeUrl, type EnvironmentName } from '../../../../shared/environment';
import type { Transaction } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import { maskTransaction } from './personal-data';

interface RequestPreviewProps {
  first: { row: number; transaction: Transaction } | null;
  show: boolean;
  environment: EnvironmentName;
}

/** The insights path of an environment: `/api/v2/insights`, or `/api/products/…` in test. */
export function insightsPath(environment: EnvironmentName): string {
  const url = routeUrl(
    { baseUrl: 'https://service.invalid', pathStyle: pathStyleOf(environment) },
    'insights',
  );
  return new URL(url).pathname;
}

/** The exact body the first valid row will send (personal data masked unless shown). */
export function RequestPreview({ first, show, environment }: RequestPreviewProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="import-preview">
      <h4 id={`${id}-title`}>{t('import.preview.title')}</h4>
      {first ? (
        <>
          <p className="hint">{t('import.preview.intro', { row: String(first.row) })}</p>
          <p>
            <code data-testid="request-endpoint">POST {insightsPath(environment)}</code>
          </p>
          <pre data-testid="request-preview">
            {JSON.stringify(show ? first.transaction : maskTransaction(first.transaction), null, 2)}
          </pre>
        </>
      ) : (
        <p className="hint" data-testid="request-preview-none">
          {t('import.preview.none')}
        </p>
      )}
    </section>
  );
}
