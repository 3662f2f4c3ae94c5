import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { ResultDetail } from '../../../../shared/contract/results';
import { useNavigation } from '../../app/navigation';
import { ErrorNotice } from '../error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { CopyButton } from '../copy-button';
import { detailJson, rawAnswerText, rowCopyJson } from './mask-detail';
import { describeProblem } from '../../lib/field-problem-text';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import './detail-panel.css';

interface DetailPanelProps {
  batchId: string;
  seq: number;
  show: boolean;
  /** True when the analyst opened it from the keyboard or a button: focus moves to it. */
  focus: boolean;
  onClose: () => void;
}

/** One row in full: the request as sent, the whole answer, the service's messages, the attempts. */
export function DetailPanel({ batchId, seq, show, focus, onClose }: DetailPanelProps) {
  const { t } = useI18n();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const detail = useQuery({
    queryKey: queryKeys['results.detail'](batchId, seq),
    queryFn: () => unwrap(api.results.detail({ batchId, seq })),
  });
  const loaded = detail.data !== undefined;

  useEffect(() => {
    if (focus && loaded) heading.current?.focus();
  }, [focus, loaded, seq]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="detail-panel card"
      data-testid="detail-panel"
      data-seq={seq}
    >
      <div className="row spread">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t('batches.detail.title', { row: detail.data?.row ?? '…' })}
        </h3>
        <div className="row">
          {detail.data ? (
            <CopyButton
              text={rowCopyJson(detail.data, show, t)}
              label={t('batches.detail.copyRow', { row: detail.data.row })}
              testId="detail-copy-row"
            >
              {t('batches.detail.copyJson')}
            </CopyButton>
          ) : null}
          <button type="button" className="button button-small" onClick={onClose}>
            {t('batches.detail.close')}
          </button>
        </div>
      </div>
      {detail.error ? (
        <ErrorNotice error={detail.error} onRetry={() => void detail.refetch()} />
      ) : null}
      {detail.data ? <DetailBody detail={detail.data} show={show} /> : null}
      {detail.isPending ? <p className="hint">{t('common.loading')}</p> : null}
    </section>
  );
}

function DetailBody({ detail, show }: { detail: ResultDetail; show: boolean }) {
  const { t, number, locale } = useI18n();
  const { place, go } = useNavigation();
  const id = useId();
  const none = <span className="hint">{t('batches.detail.none')}</span>;
  // A long answer scrolls inside its box: the box takes focus so the keyboard can scroll it, and
  // is a region named by its heading so the stop is announced.
  const scrollBox = (name: string) =>
    ({ tabIndex: 0, role: 'region', 'aria-labelledby': `${id}-${name}` }) as const;
  return (
    <>
      <dl className="detail-facts">
        <div>
          <dt>{t('batches.col.externalId')}</dt>
          <dd>
            {detail.externalId === null ? (
              none
            ) : (
              <>
                {detail.externalId}{' '}
                <CopyButton
                  text={detail.externalId}
                  label={t('batches.detail.copyExternalId', { id: detail.externalId })}
                  testId="detail-copy-external-id"
                />
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('batches.detail.sessionId')}</dt>
          <dd className="mono">{detail.sessionId ?? none}</dd>
        </div>
        <div>
          <dt>{t('batches.col.status')}</dt>
          <dd data-testid="detail-status">{t(`batches.status.${detail.status}`)}</dd>
        </div>
        <div>
          <dt>{t('batches.detail.httpStatus')}</dt>
          <dd>{detail.httpStatus ?? none}</dd>
        </div>
        <div>
          <dt>{t('batches.detail.attempts')}</dt>
          <dd data-testid="detail-attempts">{number(detail.attempts)}</dd>
        </div>
        <div>
          <dt>{t('batches.detail.lookedUpAt')}</dt>
          <dd>{detail.lookedUpAt ? formatDateTime(detail.lookedUpAt, locale) : none}</dd>
        </div>
        <div>
          <dt>{t('batches.detail.device')}</dt>
          <dd>
            {detail.deviceId ? (
              <button
                type="button"
                className="link-button mono"
                aria-label={t('batches.detail.deviceLink', { id: detail.deviceId })}
                onClick={() =>
                  detail.deviceId &&
                  go({ section: 'search', deviceId: detail.deviceId, from: place })
                }
                data-testid="detail-device-link"
              >
                {detail.deviceId}
              </button>
            ) : (
              none
            )}
            {detail.deviceId ? (
              <>
                {' '}
                <CopyButton
                  text={detail.deviceId}
                  label={t('batches.detail.copyDeviceId', { id: detail.deviceId })}
                  testId="detail-copy-device-id"
                />
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      <DetailList
        title={t('batches.detail.messages')}
        items={detail.messages}
        testId="detail-messages"
      />
      {detail.problems.length > 0 ? (
        <DetailList
          title={t('batches.detail.problems')}
          items={detail.problems.map((problem) => describeProblem(t, problem))}
          testId="detail-problems"
        />
      ) : null}
      <div className="detail-json">
        <div>
          <h4 id={`${id}-request`}>{t('batches.detail.request')}</h4>
          {detail.request ? (
            <pre {...scrollBox('request')} data-testid="detail-request">
              {detailJson(detail.request, show)}
            </pre>
          ) : (
            <p className="hint">{t('batches.detail.noRequest')}</p>
          )}
        </div>
        <div>
          <h4 id={`${id}-answer`}>{t('batches.detail.answer')}</h4>
          {detail.result ? (
            <pre {...scrollBox('answer')} data-testid="detail-answer">
              {detailJson(detail.result, show)}
            </pre>
          ) : (
            <p className="hint">{t('batches.detail.noAnswer')}</p>
          )}
        </div>
      </div>
      {detail.rawAnswer !== null ? (
        <div>
          <h4 id={`${id}-raw`}>{t('batches.detail.raw')}</h4>
          <p className="hint">{t('batches.detail.rawHint')}</p>
          <pre {...scrollBox('raw')} data-testid="detail-raw">
            {rawAnswerText(detail.rawAnswer, show, [detail.cpf, detail.email, detail.phone])}
          </pre>
        </div>
      ) : null}
    </>
  );
}

function DetailList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  const { t } = useI18n();
  return (
    <div data-testid={testId}>
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="hint">{t('batches.detail.none')}</p>
      ) : (
        <ul className="detail-list">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
