import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { seenKey } from './format';
import { HitsTable } from './hits-table';
import { SimilarDevices } from './similar-devices';
import { useDevice } from './use-search';

interface Props {
  deviceId: string;
  show: boolean;
  onBack: () => void;
  onOpenBatch: (batchId: string) => void;
  onOpenDevice: (deviceId: string) => void;
}

/** One device: every transaction seen with it in the history, and the devices similar to it. */
export function DeviceView({ deviceId, show, onBack, onOpenBatch, onOpenDevice }: Props) {
  const { t } = useI18n();
  const device = useDevice(deviceId);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a device replaces the results, so keyboard and screen-reader users start at its title.
  useEffect(() => heading.current?.focus(), [deviceId]);
  // As in the results: data kept from before a failed reload is not shown under its error.
  const data = device.error ? undefined : device.data;
  // Every transaction seen with the device; the list holds the newest of them.
  const count = data?.transactionCount ?? 0;
  const listed = data?.transactions.length ?? 0;

  return (
    <section
      className="stack search-section search-device"
      aria-labelledby="device-title"
      data-testid="device-view"
    >
      <div>
        <button type="button" className="button" onClick={onBack} data-testid="device-back">
          ← {t('search.device.back')}
        </button>
      </div>
      <h3 id="device-title" ref={heading} tabIndex={-1}>
        {t('search.device.title')} <code className="search-device-id">{deviceId}</code>
      </h3>
      {device.isPending ? <p>{t('common.loading')}</p> : null}
      {device.error ? (
        <ErrorNotice error={device.error} onRetry={() => void device.refetch()} />
      ) : null}
      {data ? (
        <>
          <p data-testid="device-count" data-value={count} data-shown={listed}>
            {t(`search.device.seen.${seenKey(count)}`, { count })}
            {listed < count ? ` ${t('search.device.capped', { shown: listed })}` : null}
          </p>
          {listed > 0 ? (
            <section
              className="stack"
              aria-labelledby="device-transactions-title"
              data-testid="device-transactions"
            >
              <h4 id="device-transactions-title">{t('search.device.transactions')}</h4>
              <HitsTable
                hits={data.transactions}
                caption={t('search.device.transactions')}
                show={show}
                onOpenBatch={onOpenBatch}
                onOpenDevice={onOpenDevice}
                currentDevice={deviceId}
              />
            </section>
          ) : null}
          <SimilarDevices devices={data.similarDevices} onOpenDevice={onOpenDevice} />
        </>
      ) : null}
    </section>
  );
}
