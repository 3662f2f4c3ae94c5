import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FileButton } from '../../components/file-drop';
import type { EnvironmentName } from '../../../../shared/environment';
import {
  maxUploadBytes,
  type ReadResult,
  type ResponseFilePreview,
} from '../../../../shared/outcomes/types';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { sha256Hex } from '../../workers/sha256';
import { DeviceOriginsNotice, devicesAllowSend } from './device-origins-notice';
import { FilePreview } from './file-preview';
import { ProblemList } from './problem-list';
import { SendButton } from './send-button';
import { SendDialogs } from './send-dialogs';
import { SendResult } from './send-result';
import { useSend } from './use-send';
import { bytesBase64 } from '../../lib/base64';
import { formatBytes } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';

/** The service's own limit is not published; the contract takes files up to 20 MB. */

interface ChosenFile {
  name: string;
  size: number;
  base64: string;
  sha256: string;
  read: ReadResult;
  /** Counts and first rows, when the file could be read. */
  preview: ResponseFilePreview | null;
}

async function chosen(file: File): Promise<ChosenFile> {
  // The reader brings JSZip: loaded the first time a file is chosen, not with the app.
  const [{ readResponseFile }, { previewResponseFile }] = await Promise.all([
    import('../../../../shared/outcomes/read-response-file'),
    import('../../../../shared/outcomes/response-file'),
  ]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const read = readResponseFile(bytes, file.name);
  const sha256 = await sha256Hex(bytes);
  const preview = read.ok ? previewResponseFile(read.rows, bytes.length) : null;
  return { name: file.name, size: bytes.length, base64: bytesBase64(bytes), sha256, read, preview };
}

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
  const [reading, setReading] = useState(false);
  const [allowUnseen, setAllowUnseen] = useState(false);
  const flow = useSend(environment);
  const check = useQuery({
    queryKey: queryKeys['uploads.check'](file?.sha256 ?? '', file?.name ?? '', environment),
    queryFn: () =>
      unwrap(api.uploads.check({ fileName: file?.name ?? '', base64: file?.base64 ?? '' })),
    enabled: visible && file !== null,
    staleTime: 0,
  });

  // Each choice is numbered: a slow read finishing after a newer choice is dropped.
  const latestChoice = useRef(0);
  const choose = async (picked: File) => {
    const choice = ++latestChoice.current;
    setFile(null);
    setRefusal(null);
    setAllowUnseen(false);
    flow.clear();
    if (!/\.(csv|zip)$/i.test(picked.name) || picked.name.length < 5)
      return setRefusal(t('uploads.disk.kind'));
    if (picked.size > maxUploadBytes)
      return setRefusal(t('uploads.disk.tooLarge', { size: formatBytes(maxUploadBytes, locale) }));
    setReading(true);
    try {
      const read = await chosen(picked);
      if (choice === latestChoice.current) setFile(read);
    } catch {
      if (choice === latestChoice.current) setRefusal(t('uploads.disk.unreadable'));
    } finally {
      if (choice === latestChoice.current) setReading(false);
    }
  };

  const problems = check.data?.problems ?? (file && !file.read.ok ? file.read.problems : []);
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
            {t('uploads.disk.reading')}
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
      {file && problems.length > 0 ? <ProblemList problems={problems} /> : null}
      {file && check.data && problems.length === 0 ? (
        <DeviceOriginsNotice
          check={check.data}
          allowUnseen={allowUnseen}
          onAllowUnseen={setAllowUnseen}
        />
      ) : null}
      {file?.read.ok && file.preview && problems.length === 0 ? (
        <FilePreview
          fileName={file.name}
          kind={file.read.kind}
          separator={file.read.separator}
          preview={file.preview}
          check={check.data ?? null}
        >
          <SendButton
            flow={flow}
            environment={environment}
            request={{
              kind: 'file',
              fileName: file.name,
              base64: file.base64,
              rows: file.read.rows.length,
              allowUnseenDevices: allowUnseen,
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
