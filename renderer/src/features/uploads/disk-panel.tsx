import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FileButton } from '../../components/file-drop';
import type { EnvironmentName } from '../../../../shared/environment';
import { maxUploadBytes } from '../../../../shared/outcomes/types';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import type { ChosenFile, ReadingStage } from '../../workers/response-file-protocol';
import { DeviceOriginsNotice, devicesAllowSend } from './device-origins-notice';
import { ReaderFailed, readFromDisk, type DiskReading } from './disk-reader';
import { FilePreview } from './file-preview';
import { ProblemList } from './problem-list';
import { SendButton } from './send-button';
import { SendDialogs } from './send-dialogs';
import { SendResult } from './send-result';
import { useNewestUpload } from './use-newest-upload';
import { useSend } from './use-send';
import { formatBytes } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';

/** What the status line says while a file is read: its bytes from disk, then the worker's steps. */
const readingText = {
  disk: 'uploads.disk.reading',
  rows: 'uploads.disk.rows',
  fingerprint: 'uploads.disk.fingerprint',
  encoding: 'uploads.disk.encoding',
} as const satisfies Record<ReadingStage | 'disk', string>;

/**
 * A response-variable file made elsewhere (or a copy saved earlier): read and previewed here,
 * checked by the core against the rules and the ledger, then sent with the same questions.
 */
export function DiskPanel({
  environment,
  visible,
}: {
  environment: EnvironmentName;
  visible: boolean;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState<ReadingStage | 'disk' | null>(null);
  const [allowUnseen, setAllowUnseen] = useState(false);
  const newest = useNewestUpload(visible);
  const flow = useSend(environment, {
    key: `${file?.name ?? ''}\n${file?.sha256 ?? ''}\n${newest.key}`,
    settling: newest.settling,
  });
  const check = useQuery({
    queryKey: queryKeys['uploads.check'](file?.sha256 ?? '', file?.name ?? '', environment),
    queryFn: () =>
      unwrap(api.uploads.check({ fileName: file?.name ?? '', base64: file?.base64 ?? '' })),
    enabled: visible && file !== null,
    staleTime: 0,
  });

  // Each choice is numbered: a slow read finishing after a newer choice is dropped (and its
  // worker stopped, so it no longer takes a core).
  const latestChoice = useRef(0);
  const current = useRef<DiskReading | null>(null);
  useEffect(() => () => current.current?.stop(), []);
  const choose = async (picked: File) => {
    const choice = ++latestChoice.current;
    current.current?.stop();
    current.current = null;
    setReading(null);
    setFile(null);
    setRefusal(null);
    setAllowUnseen(false);
    flow.clear();
    if (!/\.(csv|zip)$/i.test(picked.name) || picked.name.length < 5)
      return setRefusal(t('uploads.disk.kind'));
    if (picked.size > maxUploadBytes)
      return setRefusal(t('uploads.disk.tooLarge', { size: formatBytes(maxUploadBytes, locale) }));
    setReading('disk');
    const reading = readFromDisk(picked, (stage) => {
      if (choice === latestChoice.current) setReading(stage);
    });
    current.current = reading;
    try {
      const read = await reading.result;
      if (choice === latestChoice.current) setFile(read);
    } catch (error) {
      if (choice !== latestChoice.current) return;
      setRefusal(
        error instanceof ReaderFailed
          ? t('uploads.disk.readerFailed', { detail: error.message })
          : t('uploads.disk.unreadable'),
      );
    } finally {
      if (choice === latestChoice.current) {
        setReading(null);
        current.current = null;
      }
    }
  };

  const problems = check.data?.problems ?? (file && !file.read.ok ? file.read.problems : []);
  // The worker sends the first problems only; the count is of them all.
  const problemCount =
    check.data?.problems.length ?? (file && !file.read.ok ? file.read.problemCount : 0);
  return (
    <section className="card uploads-card" aria-labelledby={`${id}-title`} data-testid="disk-panel">
      <h3 id={`${id}-title`}>{t('uploads.disk.title')}</h3>
      <p className="hint">{t('uploads.disk.hint')}</p>
      <div className="row">
        <FileButton
          accept=".csv,.zip"
          label={t('uploads.disk.choose')}
          inputLabel={t('uploads.disk.input')}
          inputTestId="disk-file-input"
          onFile={(picked) => void choose(picked)}
        />
        {file ? (
          <span className="hint" data-testid="disk-file-name">
            {t('uploads.disk.chosen', { name: file.name, size: formatBytes(file.size, locale) })}
          </span>
        ) : null}
        {reading ? (
          <span className="hint" role="status">
            {t(readingText[reading])}
          </span>
        ) : null}
      </div>
      {refusal ? (
        <p className="notice notice-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {check.error ? (
        <ErrorNotice error={check.error} onRetry={() => void check.refetch()} />
      ) : null}
      <SendResult flow={flow} />
      {file && problems.length > 0 ? (
        <ProblemList problems={problems} total={problemCount} />
      ) : null}
      {file && check.data && problems.length === 0 ? (
        <DeviceOriginsNotice
          check={check.data}
          allowUnseen={allowUnseen}
          onAllowUnseen={setAllowUnseen}
        />
      ) : null}
      {file?.read.ok && problems.length === 0 ? (
        <FilePreview
          fileName={file.name}
          kind={file.read.kind}
          separator={file.read.separator}
          preview={file.read.preview}
          check={check.data ?? null}
        >
          <SendButton
            flow={flow}
            environment={environment}
            request={{
              kind: 'file',
              fileName: file.name,
              base64: file.base64,
              rows: file.read.rows,
              allowUnseenDevices: allowUnseen,
              sha256: file.sha256,
            }}
            disabled={!devicesAllowSend(check.data ?? null, allowUnseen)}
            testId="send-disk"
          />
        </FilePreview>
      ) : null}
      <SendDialogs flow={flow} />
    </section>
  );
}
