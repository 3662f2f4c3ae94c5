import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startTransition, useId } from 'react';
import { useNavigation } from '../../app/navigation';
import { rowsPerSlice } from '../../app/row-storing';
import { useRowStoring } from '../../app/row-storing-provider';
import { useSettings } from '../../app/use-app';
import { useProductionConfirm } from '../../components/production-confirm';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { unwrap } from '../../lib/device-check';
import { callWithRows } from '../../lib/rows-call';
import type { ImportApi } from './use-import';
import { queryKeys } from '../../lib/query-keys';
import { runSplit, runSummary } from './run-summary';

/**
 * The last step of an import: the rows after fixes and exclusions become a batch in the active
 * environment, and the screen moves to its run. Production asks first.
 */
export function RunLookups({ imp }: { imp: ImportApi }) {
  const { t } = useI18n();
  const id = useId();
  const { go } = useNavigation();
  const client = useQueryClient();
  const storing = useRowStoring();
  const environment = useSettings().data?.activeEnvironment ?? 'sandbox';
  const confirm = useProductionConfirm('confirm-production-run');
  const { report, state } = imp;

  const run = useMutation({
    mutationFn: async () => {
      const [toSend, sourceSha256] = await Promise.all([imp.rowsToSend(), imp.fileSha256()]);
      if (!toSend || !sourceSha256 || !state.file) {
        toSend?.source.close();
        throw new Error(t('batches.start.noRows'));
      }
      const { source, skipRecent } = toSend;
      // The batch is created with its first slice; the others follow from the batch screen.
      const first = Math.min(rowsPerSlice, source.count);
      const more = first < source.count;
      try {
        const batch = await unwrap(
          callWithRows(
            'batches.create',
            {
              sourceName: state.file.name,
              sourceSha256,
              ...(more ? { total: source.count } : {}),
              ...(skipRecent ? { skipRecentDays: skipRecent.days } : {}),
            },
            await source.slice(0, first),
          ),
        );
        if (more) storing.start(batch.id, source, first);
        else source.close();
        return batch;
      } catch (caught) {
        source.close();
        throw caught;
      }
    },
    onSuccess: (batch) => {
      imp.actions.runStarted();
      // The answer is only a first picture: a run whose rows are all reused ends before the core
      // answers, and its events, which found nothing cached, would otherwise be overwritten by
      // this older "running". So the batch is asked for again rather than trusted.
      client.setQueryData(queryKeys['batches.get'](batch.id), batch);
      void client.invalidateQueries({ queryKey: queryKeys['batches.get'](batch.id) });
      void client.invalidateQueries({ queryKey: queryKeys['batches.list']() });
      // A transition: the batch screen (its run, results and charts) is rendered in slices of
      // time, so opening it never holds the window's thread for long.
      startTransition(() => go({ section: 'batches', batchId: batch.id }));
    },
  });

  if (!report || state.check.status !== 'done') return null;
  const valid = report.totals.valid;
  const split = runSplit(valid, imp.recent.data ?? 0, state.skipRecent);
  // A new batch goes to the active environment: that is what asks.
  const start = () =>
    confirm.ask(environment, {
      title: t('batches.start.confirmTitle'),
      message: t('batches.start.confirmText', { count: split.lookedUp }),
      confirmLabel: t('batches.start.confirm'),
      onConfirm: () => run.mutate(),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="run-lookups" data-testid="run-step">
      <h3 id={`${id}-title`}>{t('batches.start.title')}</h3>
      <p className={`run-lookups-env env-${environment}`} data-testid="run-environment">
        {t('batches.start.environment', { name: t(`env.${environment}`) })}
      </p>
      <p className="hint" data-testid="run-summary">
        {runSummary(t, split, state.recentDays)}
      </p>
      <div className="row">
        <button
          type="button"
          className="button button-primary"
          disabled={valid === 0 || run.isPending}
          onClick={start}
          data-testid="run-lookups"
        >
          {t('batches.start.button')}
        </button>
        {run.isPending ? (
          <span className="hint" role="status">
            {t('batches.start.preparing')}
          </span>
        ) : null}
      </div>
      {run.error ? <ErrorNotice error={run.error} /> : null}
      {confirm.dialog}
    </section>
  );
}
