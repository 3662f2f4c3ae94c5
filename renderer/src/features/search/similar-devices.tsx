import type { DeviceView } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import { formatScore, scoreTitle } from '../../lib/format';
import { scoreFraction, sortSimilar } from './format';

const barWidth = 96;
const barHeight = 10;

/** A score from 0 to 1 as a small bar; the number beside it carries the meaning for readers. */
function ScoreBar({ score }: { score: number | null }) {
  const filled = Math.round(scoreFraction(score) * barWidth);
  return (
    <svg
      className="search-bar"
      width={barWidth}
      height={barHeight}
      viewBox={`0 0 ${String(barWidth)} ${String(barHeight)}`}
      aria-hidden="true"
      focusable="false"
    >
      <rect className="search-bar-track" width={barWidth} height={barHeight} rx={3} />
      <rect className="search-bar-fill" width={filled} height={barHeight} rx={3} />
    </svg>
  );
}

interface Props {
  devices: DeviceView['similarDevices'];
  onOpenDevice: (deviceId: string) => void;
}

/** The devices the service called similar, most similar first, each opening its own view. */
export function SimilarDevices({ devices, onOpenDevice }: Props) {
  const { t, locale } = useI18n();
  return (
    <section
      className="stack"
      aria-labelledby="similar-devices-title"
      data-testid="similar-devices"
    >
      <h4 id="similar-devices-title">{t('search.similar.title')}</h4>
      {devices.length === 0 ? (
        <p className="hint">{t('search.similar.none')}</p>
      ) : (
        <div className="search-table search-fit">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('search.column.device')}</th>
                <th scope="col">{t('search.similar.score')}</th>
                <th scope="col">{t('search.similar.history')}</th>
              </tr>
            </thead>
            <tbody>
              {sortSimilar(devices).map((device) => (
                <tr key={device.deviceId} data-testid={`similar-device-${device.deviceId}`}>
                  <td className="search-id">
                    <button
                      type="button"
                      className="search-link"
                      onClick={() => onOpenDevice(device.deviceId)}
                    >
                      {device.deviceId}
                    </button>
                  </td>
                  <td>
                    <span className="search-score" title={scoreTitle(device.maximumScore, locale)}>
                      <ScoreBar score={device.maximumScore} />
                      {device.maximumScore === null
                        ? '—'
                        : formatScore(device.maximumScore, locale)}
                    </span>
                  </td>
                  <td>
                    {device.seenHere ? (
                      <span className="search-seen" data-testid="seen-here">
                        {t('search.similar.seen')}
                      </span>
                    ) : (
                      <span className="hint">{t('search.similar.notSeen')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
