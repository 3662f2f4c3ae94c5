import { useId } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { environmentNames, type EnvironmentName } from '../../../../shared/environment';
import type { LabelOptions } from '../../../../shared/report/labels';
import { useI18n } from '../../i18n/i18n';

/** What the report covers: every batch of an environment, or one batch (maybe filtered). */
export type ReportChoice =
  { kind: 'environment'; environment: EnvironmentName } | { kind: 'batch'; batchId: string };

interface ReportControlsProps {
  choice: ReportChoice;
  onChoice: (choice: ReportChoice) => void;
  batches: readonly BatchSummary[];
  labels: LabelOptions;
  onLabels: (labels: LabelOptions) => void;
  /** Offered when the results screen handed over a filter for the chosen batch. */
  filter: { available: boolean; on: boolean; onChange: (on: boolean) => void };
}

const valueOf = (choice: ReportChoice) =>
  choice.kind === 'environment' ? `environment:${choice.environment}` : `batch:${choice.batchId}`;

function choiceOf(value: string): ReportChoice {
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  const environment = environmentNames.find((candidate) => candidate === name);
  return kind === 'environment' && environment
    ? { kind: 'environment', environment }
    : { kind: 'batch', batchId: name };
}

/** The scope picker and the two label settings. */
export function ReportControls(props: ReportControlsProps) {
  const { choice, onChoice, batches, labels, onLabels, filter } = props;
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="report-controls">
      <div className="report-field">
        <label htmlFor={`${id}-scope`}>{t('report.scope')}</label>
        <select
          id={`${id}-scope`}
          className="input"
          value={valueOf(choice)}
          onChange={(event) => onChoice(choiceOf(event.target.value))}
          data-testid="report-scope"
        >
          {environmentNames.map((name) => (
            <option key={name} value={`environment:${name}`}>
              {t('report.scope.environment', { name: t(`env.${name}`) })}
            </option>
          ))}
          {batches.map((batch) => (
            <option key={batch.id} value={`batch:${batch.id}`}>
              {t('report.scope.batch', { id: batch.id, name: batch.sourceName })}
            </option>
          ))}
        </select>
      </div>
      {filter.available ? (
        <label className="report-check">
          <input
            type="checkbox"
            checked={filter.on}
            onChange={(event) => filter.onChange(event.target.checked)}
            data-testid="report-filtered"
          />
          {t('report.filtered')}
        </label>
      ) : null}
      <div className="report-field">
        <label htmlFor={`${id}-suspeito`}>{t('report.suspeito')}</label>
        <select
          id={`${id}-suspeito`}
          className="input"
          value={labels.suspeito}
          onChange={(event) =>
            onLabels({ ...labels, suspeito: event.target.value as LabelOptions['suspeito'] })
          }
          data-testid="report-suspeito"
        >
          <option value="fraud">{t('report.suspeito.fraud')}</option>
          <option value="exclude">{t('report.suspeito.exclude')}</option>
        </select>
      </div>
      <div className="report-field">
        <label htmlFor={`${id}-unreviewed`}>{t('report.unreviewed')}</label>
        <select
          id={`${id}-unreviewed`}
          className="input"
          value={labels.unreviewed}
          onChange={(event) =>
            onLabels({ ...labels, unreviewed: event.target.value as LabelOptions['unreviewed'] })
          }
          data-testid="report-unreviewed"
        >
          <option value="legit">{t('report.unreviewed.legit')}</option>
          <option value="exclude">{t('report.unreviewed.exclude')}</option>
        </select>
      </div>
    </div>
  );
}
