import type { DeviceOrigins, UploadCheck } from '../../../../shared/contract/outcomes';
import { useI18n } from '../../i18n/i18n';
import { destinationText } from '../../i18n/destination-text';

/**
 * True when the file may go: no foreign DeviceId, no transaction its answer gave another DeviceId,
 * and unseen DeviceIds or transactions never looked up only when the analyst said so.
 */
export function devicesAllowSend(check: UploadCheck | null, allowUnseen: boolean): boolean {
  if (!check) return false;
  if (check.foreignDevices.count > 0 || check.otherDevices) return false;
  return (check.unseenDevices.count === 0 && !check.unpairedDevices) || allowUnseen;
}

function Examples({ origins }: { origins: DeviceOrigins }) {
  const { t } = useI18n();
  return (
    <ul>
      {origins.examples.map((example) => (
        <li key={example.deviceId}>
          <code>
            {t('uploads.devices.example', {
              transaction: example.transactionId,
              device: example.deviceId,
            })}
          </code>
          {example.knownIn.length > 0
            ? ` (${example.knownIn.map((where) => destinationText(where, t)).join(', ')})`
            : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * DeviceIds of a file from disk that the active environment never gave: those another environment
 * gave stop the send, as do transactions its answers gave another DeviceId (a shuffled column);
 * those the history never met, or met only with other transactions, need the analyst's explicit
 * word.
 */
export function DeviceOriginsNotice({
  check,
  allowUnseen,
  onAllowUnseen,
}: {
  check: UploadCheck;
  allowUnseen: boolean;
  onAllowUnseen: (allowed: boolean) => void;
}) {
  const { t } = useI18n();
  const env = destinationText(check.environment, t);
  const { foreignDevices: foreign, unseenDevices: unseen } = check;
  if (foreign.count > 0) {
    const where = [...new Set(foreign.examples.flatMap((example) => example.knownIn))]
      .map((destination) => destinationText(destination, t))
      .join(', ');
    return (
      <div className="notice notice-error" role="alert" data-testid="foreign-devices">
        <p>{t('uploads.devices.foreign', { count: foreign.count, where, env })}</p>
        <Examples origins={foreign} />
      </div>
    );
  }
  if (check.otherDevices) {
    return (
      <div className="notice notice-error" role="alert" data-testid="other-devices">
        <p>{t('uploads.devices.otherDevice', { count: check.otherDevices.count, env })}</p>
        <Examples origins={check.otherDevices} />
      </div>
    );
  }
  const unpaired = check.unpairedDevices;
  if (unseen.count === 0 && !unpaired) return null;
  return (
    <div className="notice" role="status" data-testid="unseen-devices">
      {unseen.count > 0 ? (
        <>
          <p>{t('uploads.devices.unseen', { count: unseen.count })}</p>
          <Examples origins={unseen} />
        </>
      ) : null}
      {unpaired ? (
        <div data-testid="unpaired-devices">
          <p>{t('uploads.devices.unpaired', { count: unpaired.count, env })}</p>
          <Examples origins={unpaired} />
        </div>
      ) : null}
      <label>
        <input
          type="checkbox"
          checked={allowUnseen}
          onChange={(event) => onAllowUnseen(event.target.checked)}
          data-testid="allow-unseen-devices"
        />{' '}
        {t(unpaired ? 'uploads.devices.allowUnpaired' : 'uploads.devices.allowUnseen', { env })}
      </label>
    </div>
  );
}
