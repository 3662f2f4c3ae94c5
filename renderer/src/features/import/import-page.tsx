import { useI18n } from '../../i18n/i18n';
import { InterruptedBanner } from '../batches/interrupted-banner';
import { ColumnMappingTable } from './column-mapping';
import { DropZone } from './drop-zone';
import { FileOptions } from './file-options';
import { ImportReport } from './import-report';
import { ProgressBar } from './progress-bar';
import { ReadProblemNotice } from './read-problem';
import { RecentFilesList, useRecentFiles } from './recent-files-list';
import { RunLookups } from './run-lookups';
import { SampleOffer } from './sample-offer';
import { useImport } from './use-import';
import { useSettings } from '../../app/use-app';
import './import.css';
import { formatBytes } from '../../lib/format';

/**
 * The Import screen: a spreadsheet in, every problem shown and fixable before anything is sent.
 * The run step (`RunLookups`) takes its rows from `useImport().rowsToSend()`.
 */
export function ImportPage() {
  const { t, locale } = useI18n();
  const imp = useImport();
  const { state, actions } = imp;
  const { file, sheet, check } = state;
  const sandbox = useSettings().data?.activeEnvironment === 'sandbox';
  const recent = useRecentFiles();
  const open = (chosen: File) => {
    recent.remember(chosen.name);
    actions.chooseFile(chosen);
  };

  return (
    <section aria-labelledby="import-title" className="page import-page">
      <InterruptedBanner section="import" />
      <h2 id="import-title">{t('import.title')}</h2>
      <p className="hint">{t('import.intro')}</p>
      {state.phase === 'idle' && sandbox ? <SampleOffer onFile={open} /> : null}
      <DropZone onFile={open} maxRows={imp.maxRows} />
      {state.phase === 'idle' ? (
        <RecentFilesList list={recent.list} onClear={recent.clear} />
      ) : null}
      {state.phase === 'reading' && file ? (
        <ProgressBar
          label={t('import.reading', { name: file.name, size: formatBytes(file.size, locale) })}
          testId="import-reading"
        />
      ) : null}
      {state.problem ? <ReadProblemNotice problem={state.problem} /> : null}
      {state.phase === 'ready' && file && sheet ? (
        <>
          <FileOptions
            file={file}
            sheet={sheet}
            headerRow={state.headerRow}
            onSheet={actions.chooseSheet}
            onHeaderRow={actions.chooseHeaderRow}
          />
          <ColumnMappingTable
            headers={state.headers}
            topRows={sheet.topRows}
            mapping={state.mapping}
            source={state.mappingSource}
            onMap={actions.mapColumn}
          />
        </>
      ) : null}
      {check.status === 'running' ? (
        <ProgressBar
          label={
            check.total > 0
              ? t('import.checkingProgress', { done: check.done, total: check.total })
              : t('import.checking')
          }
          {...(check.total > 0 ? { value: check.done, max: check.total } : {})}
          testId="import-checking"
        />
      ) : null}
      <ImportReport imp={imp} />
      <RunLookups imp={imp} />
    </section>
  );
}
