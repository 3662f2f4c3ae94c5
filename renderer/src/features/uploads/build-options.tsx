import { useId } from 'react';
import type { FileScope } from '../../../../shared/contract/outcomes';
import type { BatchSummary } from '../../../../shared/contract/results';
import type { EnvironmentName } from '../../../../shared/environment';
import {
  responseSeparators,
  type ResponseFileKind,
  type ResponseSeparator,
} from '../../../../shared/outcomes/types';
import { useI18n } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';

/** What the analyst chose for the file; `batchId` null means every reviewed transaction. */
export interface BuildChoice {
  batchId: string | null;
  scope: FileScope;
  kind: ResponseFileKind;
  separator: ResponseSeparator;
  /** The file name without its extension, as typed. */
  stem: string;
}

interface BuildOptionsProps {
  choice: BuildChoice;
  onChange: (change: Partial<BuildChoice>) => void;
  batches: readonly BatchSummary[];
  environment: EnvironmentName;
  /** The separator of the settings, named in the hint. */
  defaultSeparator: ResponseSeparator;
}

function Segmented<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <fieldset className="segmented" data-testid={props.testId}>
      <legend>{props.legend}</legend>
      <div className="segments">
        {props.options.map((option) => (
          <label
            key={option.value}
            className={option.value === props.value ? 'segment segment-on' : 'segment'}
          >
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={option.value === props.value}
              onChange={() => props.onChange(option.value)}
              data-testid={`${props.testId}-${option.value}`}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Source, scope, kind, separator and name of the file to build. */
export function BuildOptions(props: BuildOptionsProps) {
  const { choice, onChange, batches, environment } = props;
  const { t, locale } = useI18n();
  const id = useId();
  const separatorName = (separator: ResponseSeparator) =>
    separator === ',' ? t('uploads.build.comma') : t('uploads.build.semicolon');
  return (
    <div className="build-options">
      <div className="build-field">
        <label htmlFor={`${id}-source`}>{t('uploads.build.source')}</label>
        <select
          id={`${id}-source`}
          className="input"
          value={choice.batchId ?? ''}
          onChange={(event) => onChange({ batchId: event.target.value || null })}
          data-testid="build-source"
        >
          <option value="">{t('uploads.build.allReviewed')}</option>
          {batches.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {t('uploads.build.batch', {
                name: batch.sourceName,
                date: formatDateTime(batch.createdAt, locale),
              })}
            </option>
          ))}
        </select>
      </div>
      <Segmented
        legend={t('uploads.build.scope')}
        name={`${id}-scope`}
        value={choice.scope}
        options={[
          { value: 'unsent', label: t('uploads.build.unsent', { env: t(`env.${environment}`) }) },
          { value: 'all', label: t('uploads.build.all') },
        ]}
        onChange={(scope) => onChange({ scope })}
        testId="build-scope"
      />
      <Segmented
        legend={t('uploads.build.kind')}
        name={`${id}-kind`}
        value={choice.kind}
        options={[
          { value: 'csv', label: '.csv' },
          { value: 'zip', label: '.zip' },
        ]}
        onChange={(kind) => onChange({ kind })}
        testId="build-kind"
      />
      <div className="build-field">
        <label htmlFor={`${id}-separator`}>{t('uploads.build.separator')}</label>
        <select
          id={`${id}-separator`}
          className="input"
          value={choice.separator}
          onChange={(event) => onChange({ separator: event.target.value as ResponseSeparator })}
          aria-describedby={`${id}-separator-hint`}
          data-testid="build-separator"
        >
          {responseSeparators.map((separator) => (
            <option key={separator} value={separator}>
              {separatorName(separator)}
            </option>
          ))}
        </select>
        <span id={`${id}-separator-hint`} className="hint">
          {t('uploads.build.separatorHint', { separator: separatorName(props.defaultSeparator) })}
        </span>
      </div>
      <div className="build-field build-field-wide">
        <label htmlFor={`${id}-name`}>{t('uploads.build.name')}</label>
        <div className="file-name-input">
          <input
            id={`${id}-name`}
            className="input mono"
            value={choice.stem}
            maxLength={200}
            spellCheck={false}
            onChange={(event) => onChange({ stem: event.target.value })}
            data-testid="build-name"
          />
          <span className="file-name-extension" aria-hidden="true">
            .{choice.kind}
          </span>
        </div>
      </div>
    </div>
  );
}
