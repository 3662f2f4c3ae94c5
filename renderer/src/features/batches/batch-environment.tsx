import type { Destination } from '../../../../shared/environment';
import { isCustomUrl } from '../../../../shared/environment';
import { destinationText } from '../../i18n/destination-text';
import { useI18n } from '../../i18n/i18n';

/**
 * Where a batch's rows go: its own environment (or custom address), which may not be the active
 * one, so Resume never reads as going to the environment the top banner names.
 */
export function BatchEnvironment({ destination }: { destination: Destination }) {
  const { t } = useI18n();
  return (
    <span
      className={`env-badge env-${isCustomUrl(destination) ? 'custom' : destination}`}
      data-testid="batch-environment"
    >
      {t('batches.run.environment', { name: destinationText(destination, t) })}
    </span>
  );
}
