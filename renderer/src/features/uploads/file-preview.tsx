import { useId, type ReactNode } from 'react';
import type { UploadCheck } from '../../../../shared/contract/outcomes';
import { responseCsv } from '../../../../shared/outcomes/response-csv';
import { responseColumns } from '../../../../shared/outcomes/types';
import type {
  ResponseFileKind,
  ResponseFilePreview,
  ResponseSeparator,
} from '../../../../shared/outcomes/types';
import { useI18n } from '../../i18n/i18n';
import { guardFound, guardSentences, sentBefore } from './guard-text';
import { OutcomeBars } from './outcome-bars';
import { formatBytes } from '../../lib/format';

interface FilePreviewProps {
  fileName: string;
  kind: ResponseFileKind;
  separator: ResponseSeparator;
  preview: ResponseFilePreview;
  /** The core's check of these exact bytes (SHA-256 and the re-send guard); null while it runs. */
  check: UploadCheck | null;
  /** Save and send buttons. */
  children?: ReactNode;
}

/**
 * A file before it leaves: counts per outcome, size, SHA-256, what the re-send guard found, and
 * its first rows exactly as they will be sent (as a table, and as the text lines of the CSV).
 */
export function FilePreview(props: FilePreviewProps) {
  const { fileName, kind, separator, preview, check } = props;
  const { t, number, locale } = useI18n();
  const id = useId();
  const text = responseCsv(preview.firstRows, separator);
  return (
    <section className="file-preview" aria-labelledby={`${id}-title`} data-testid="file-preview">
      <div className="row spread">
        <h4 id={`${id}-title`} className="file-preview-name">
          <span className="mono" data-testid="preview-file-name">
            {fileName}
          </span>{' '}
          <span className={`kind-badge kind-${kind}`}>{kind.toUpperCase()}</span>
        </h4>
        <div className="row">{props.children}</div>
      </div>
      <div className="file-preview-body">
        <OutcomeBars counts={preview.counts} />
        <dl className="file-facts">
          <div>
            <dt>{t('uploads.preview.total')}</dt>
            <dd data-testid="preview-total" data-value={preview.total}>
              {number(preview.total)}
            </dd>
          </div>
          <div>
            <dt>{t('uploads.preview.size')}</dt>
            <dd data-testid="preview-size" data-value={preview.sizeBytes}>
              {formatBytes(preview.sizeBytes, locale)}
            </dd>
          </div>
          <div>
            <dt>{t('uploads.preview.separator')}</dt>
            <dd data-testid="preview-separator">
              <code>{separator}</code>
            </dd>
          </div>
          <div className="file-fact-wide">
            <dt>SHA-256</dt>
            <dd data-testid="preview-sha256" title={check?.sha256}>
              {check ? (
                <code className="sha-full">{check.sha256}</code>
              ) : (
                <span className="hint">{t('uploads.preview.checking')}</span>
              )}
            </dd>
          </div>
        </dl>
      </div>
      {check && guardFound(check) ? (
        <div className="notice" role="status" data-testid="preview-guard">
          <p className="notice-title">
            {t(sentBefore(check) ? 'uploads.guard.already' : 'uploads.guard.changed')}
          </p>
          {guardSentences(check, t, locale).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      ) : null}
      {preview.formulaLike.count > 0 ? (
        <p className="notice" role="status" data-testid="preview-formula">
          {t('uploads.preview.formula', {
            count: preview.formulaLike.count,
            lines: preview.formulaLike.lines.join(', '),
          })}
        </p>
      ) : null}
      <table className="preview-rows" data-testid="preview-rows">
        <caption className="hint">
          {t('uploads.preview.firstRows', {
            shown: preview.firstRows.length,
            total: preview.total,
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">
              {t('uploads.preview.line')}
            </th>
            {responseColumns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.firstRows.map((row, index) => (
            <tr key={index}>
              <td className="numeric hint">{number(index + 2)}</td>
              <td className="mono">{row.transactionId}</td>
              <td className="mono">{row.deviceId}</td>
              <td>{row.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="preview-text">
        <summary>{t('uploads.preview.asText')}</summary>
        <pre data-testid="preview-text">
          {text}
          {preview.total > preview.firstRows.length ? '…' : ''}
        </pre>
      </details>
    </section>
  );
}
