import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SavedExport } from '../../../../shared/contract/results';
import type { EnvironmentName } from '../../../../shared/environment';
import { responseFileName } from '../../../../shared/outcomes/file-name';
import type { ResponseSeparator } from '../../../../shared/outcomes/types';
import { useNavigation } from '../../app/navigation';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { download } from '../../lib/download';
import { useBatchList } from '../batches/use-batches';
import { BuildOptions, type BuildChoice } from './build-options';
import { FilePreview } from './file-preview';
import { ProblemList } from './problem-list';
import { SendButton } from './send-button';
import { SendDialogs } from './send-dialogs';
import { SendResult } from './send-result';
import { TeamRowsNotice } from './team-rows-notice';
import { useBuildProgress } from './use-build-progress';
import { useResponseFile } from './use-response-file';
import { useNewestUpload } from './use-newest-upload';
import { useSend, type SendRequest } from './use-send';

interface BuildPanelProps {
  environment: EnvironmentName;
  defaultSeparator: ResponseSeparator;
  visible: boolean;
}

/** A batch's source name without its extension, to name the file after it. */
function labelOf(sourceName: string | undefined): string | undefined {
  return sourceName?.replace(/\.[^.]+$/, '');
}

/**
 * Step one of the screen: choose which reviewed transactions go in the file and how it is
 * written, see it exactly as it will be sent, then save a copy or send it.
 */
export function BuildPanel({ environment, defaultSeparator, visible }: BuildPanelProps) {
  const { t, number } = useI18n();
  const id = useId();
  const { place, go } = useNavigation();
  const batches = useBatchList();
  const [choice, setChoice] = useState<Omit<BuildChoice, 'separator' | 'stem'>>({
    batchId: null,
    scope: 'unsent',
    kind: 'csv',
  });
  // Null follows the setting; the analyst's own choice here wins until the screen reloads.
  const [separator, setSeparator] = useState<ResponseSeparator | null>(null);
  const [stem, setStem] = useState<string | null>(null);
  // The default name's time is when the screen was opened (it stays mounted while hidden), or
  // when the file last changed: two files built minutes apart do not share a name.
  const [stamp, setStamp] = useState(() => new Date());
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setStamp(new Date());
  }

  // Arriving with a batch (from its results) chooses it: adjusted while rendering, when the place
  // changes, rather than in an effect that would first draw the old choice.
  const placedBatch = place.section === 'uploads' ? place.batchId : undefined;
  const [seenPlace, setSeenPlace] = useState<string | undefined>(undefined);
  if (placedBatch !== seenPlace) {
    setSeenPlace(placedBatch);
    if (placedBatch !== undefined) {
      setChoice((current) => ({ ...current, batchId: placedBatch }));
      setStem(null);
      setStamp(() => new Date());
    }
  }

  const batch = batches.data?.find((candidate) => candidate.id === choice.batchId);
  const defaultStem = responseFileName(stamp, labelOf(batch?.sourceName));
  const full: BuildChoice = {
    ...choice,
    separator: separator ?? defaultSeparator,
    stem: stem ?? defaultStem,
  };
  const fileName = `${full.stem.trim() || defaultStem}.${full.kind}`;
  const { summary, built, file, check } = useResponseFile(full, fileName, environment, visible);
  const newest = useNewestUpload(visible);
  // The file the send button sends, when the preview shows one: a question about another goes.
  const request: SendRequest | null = file
    ? {
        kind: 'built',
        fileId: file.fileId,
        fileName: file.fileName,
        rows: file.preview.total,
        sha256: file.sha256,
      }
    : null;
  const onScreen = built.error
    ? null
    : built.data
      ? built.data.problems.length === 0
        ? request
        : null
      : undefined;
  const flow = useSend(environment, {
    key: `${file?.fileName ?? ''}\n${file?.sha256 ?? ''}\n${newest.key}`,
    settling: built.isFetching || newest.settling,
    file: onScreen,
  });
  // A copy goes where the analyst says (in a browser, a download): the core copies the file.
  const saving = useMutation({
    mutationFn: (fileId: string): Promise<SavedExport> => unwrap(api.uploads.saveBuilt({ fileId })),
    onSuccess: (saved) => {
      if (saved.outcome === 'download') download(saved.url, saved.fileName);
    },
  });
  // While the file is built again, the file on screen may no longer be what the history holds:
  // nothing is saved or sent until it is.
  const stale = built.isFetching;
  const progress = useBuildProgress(built.isFetching);

  const change = (next: Partial<BuildChoice>) => {
    const { separator: nextSeparator, stem: nextStem, ...rest } = next;
    if (nextSeparator !== undefined) setSeparator(nextSeparator);
    if (nextStem !== undefined) setStem(nextStem);
    if (rest.batchId !== undefined && rest.batchId !== choice.batchId) setStem(null);
    // Another choice is another file: its default name takes the time it is built.
    if (nextSeparator !== undefined || Object.keys(rest).length > 0) setStamp(new Date());
    setChoice((current) => ({ ...current, ...rest }));
  };

  const env = t(`env.${environment}`);
  const count = built.data?.rows;
  // Why a file would be empty: all sent, reviewed on another environment's answers, or none.
  const empty =
    full.scope === 'unsent' && (summary.data?.total ?? 0) > 0
      ? 'allSent'
      : (summary.data?.elsewhere ?? 0) > 0
        ? 'elsewhere'
        : 'none';
  let body;
  if (built.error) body = <ErrorNotice error={built.error} onRetry={() => void built.refetch()} />;
  else if (count === undefined)
    body = (
      <p className="hint" role="status" data-testid="build-building">
        {progress && progress.total > 0
          ? t('uploads.build.buildingRows', {
              done: number(progress.done),
              total: progress.total,
            })
          : t('uploads.build.building')}
      </p>
    );
  else if (count === 0)
    body = (
      <div className="empty-state" data-testid="build-empty">
        <p className="empty-state-title">
          {empty === 'allSent'
            ? t('uploads.empty.allSent', { env })
            : empty === 'elsewhere'
              ? t('uploads.empty.elsewhere', { env, count: summary.data?.elsewhere ?? 0 })
              : t('uploads.empty.none')}
        </p>
        <p className="hint">
          {empty === 'allSent'
            ? t('uploads.empty.allSentHint')
            : empty === 'elsewhere'
              ? t('uploads.empty.elsewhereHint', { env })
              : t('uploads.empty.noneHint')}
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() =>
            go(
              choice.batchId
                ? { section: 'review', batchId: choice.batchId }
                : { section: 'review' },
            )
          }
          data-testid="go-review"
        >
          {t('uploads.empty.review')}
        </button>
      </div>
    );
  else if (built.data && built.data.problems.length > 0)
    body = <ProblemList problems={built.data.problems} />;
  else if (file && request)
    body = (
      <FilePreview
        fileName={file.fileName}
        kind={file.kind}
        separator={full.separator}
        preview={file.preview}
        check={check.data ?? null}
      >
        <button
          type="button"
          className="button"
          disabled={stale || saving.isPending}
          onClick={() => saving.mutate(file.fileId)}
          data-testid="save-copy"
        >
          {t('uploads.save')}
        </button>
        <SendButton
          flow={flow}
          environment={environment}
          request={request}
          disabled={stale}
          testId="send-built"
        />
      </FilePreview>
    );

  return (
    <section
      className="card uploads-card"
      aria-labelledby={`${id}-title`}
      data-testid="build-panel"
    >
      <div className="row spread">
        <h3 id={`${id}-title`}>{t('uploads.build.title')}</h3>
        {summary.data ? (
          <p className="hint" data-testid="build-summary">
            {t('uploads.build.summary', {
              total: summary.data.total,
              unsent: summary.data.unsent,
              env,
            })}
          </p>
        ) : null}
      </div>
      <BuildOptions
        choice={full}
        onChange={change}
        batches={(batches.data ?? []).filter((batch) => !batch.deleting)}
        environment={environment}
        defaultSeparator={defaultSeparator}
      />
      {built.data ? <TeamRowsNotice rows={built.data} env={env} /> : null}
      {check.error ? <ErrorNotice error={check.error} /> : null}
      {saving.error ? <ErrorNotice error={saving.error} /> : null}
      <SendResult flow={flow} />
      {body}
      <SendDialogs flow={flow} />
    </section>
  );
}
