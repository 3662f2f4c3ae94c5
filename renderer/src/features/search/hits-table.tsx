import type { SearchHit } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import { formatScore, scoreTitle } from '../../lib/format';
import { formatLookedUp, shownCpf } from './format';
import { destinationText } from '../../i18n/destination-text';

interface Props {
  hits: readonly SearchHit[];
  caption: string;
  /** Reveals the CPFs; masked otherwise. */
  show: boolean;
  onOpenBatch: (batchId: string) => void;
  onOpenDevice: (deviceId: string) => void;
  /** The device on screen, shown as text rather than as a button that would go nowhere. */
  currentDevice?: string;
}

const none = '—';

function DeviceCell(props: { id: string | null; current?: string; onOpen: (id: string) => void }) {
  const { id, current, onOpen } = props;
  if (id === null) return none;
  if (id === current) return id;
  return (
    <button type="button" className="search-link" onClick={() => onOpen(id)}>
      {id}
    </button>
  );
}

/** Lookups from the history, one per line, with the batch and the device one click away. */
export function HitsTable({
  hits,
  caption,
  show,
  onOpenBatch,
  onOpenDevice,
  currentDevice,
}: Props) {
  const { t, locale, number } = useI18n();
  return (
    <div className="search-table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('search.column.when')}</th>
            <th scope="col">{t('search.column.environment')}</th>
            <th scope="col">{t('search.column.batch')}</th>
            <th scope="col" className="search-numeric">
              {t('search.column.row')}
            </th>
            <th scope="col">{t('search.column.externalId')}</th>
            <th scope="col">{t('search.column.cpf')}</th>
            <th scope="col">{t('search.column.status')}</th>
            <th scope="col">{t('search.column.risk')}</th>
            <th scope="col" className="search-numeric">
              {t('search.column.score')}
            </th>
            <th scope="col">{t('search.column.device')}</th>
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => (
            <tr
              key={`${hit.batchId}-${String(hit.seq)}`}
              data-testid={`search-hit-${hit.batchId}-${String(hit.seq)}`}
            >
              <td>{formatLookedUp(hit.lookedUpAt, locale) ?? t('search.notLookedUp')}</td>
              <td>{destinationText(hit.environment, t)}</td>
              <td>
                <button
                  type="button"
                  className="search-link"
                  onClick={() => onOpenBatch(hit.batchId)}
                >
                  {hit.sourceName}
                </button>
              </td>
              <td className="search-numeric">{number(hit.row)}</td>
              <td className="search-id">{hit.externalId ?? none}</td>
              <td className="search-id" data-testid="hit-cpf">
                {shownCpf(hit.cpf, show) ?? none}
              </td>
              <td>{t(`search.status.${hit.status}`)}</td>
              <td>{hit.deviceRisk === null ? none : t(`search.risk.${hit.deviceRisk}`)}</td>
              <td className="search-numeric" title={scoreTitle(hit.score, locale)}>
                {hit.score === null ? none : formatScore(hit.score, locale)}
              </td>
              <td className="search-id">
                <DeviceCell id={hit.deviceId} current={currentDevice} onOpen={onOpenDevice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
