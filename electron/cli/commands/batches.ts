import { parseCommandLine } from '../flags';
import { counted } from '../../../shared/count-text';
import { formatCount } from '../../../shared/spreadsheet/problem';
import { batchViews, type BatchView } from '../../core/batches/batch-views';
import { deletingText } from '../../core/store/batches.repo';
import { alignColumns } from '../columns';
import type { Command } from '../command';
import { dataDirFrom, openCliHistory } from '../history';
import { exitCodes, reportError, type Io } from '../io';
import { createBatchService } from '../../core/batches/batch-service';
import type { Db } from '../../core/store/db';

const options = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  cancel: { type: 'string' },
} as const;

/**
 * `interrupted` for a batch whose runner stopped before its end (killed, crashed, closed);
 * `incomplete` for one stopped while the rows of its file were being stored (it lacks some, and
 * resumes only with its file); `deleting` for one whose deletion started and has not ended (part
 * of its rows may be gone).
 */
function stateOf(view: BatchView): string {
  if (view.record.deleting) return 'deleting';
  if (needsFile(view)) return 'incomplete';
  return view.state === 'paused' && view.pauseReason === 'interrupted' ? 'interrupted' : view.state;
}

/** Stopped before every row of its file was stored: a run storing them now is still running. */
function needsFile(view: BatchView): boolean {
  return view.record.storing && view.state !== 'running';
}

export const batchesCommand: Command = {
  name: 'batches',
  options,
  summary: 'list the stored batches, newest first, or cancel one',
  usage: `dcdesk batches [--json] [--data-dir DIR]
       dcdesk batches --cancel ID [--data-dir DIR]

--cancel ID stops a paused, interrupted or never-started batch, sending no row (as Cancel in
the app, which then offers no Resume; dcdesk bulk --resume ID can still send the rest, as for
a run stopped with Ctrl-C): a retention purge deletes it like any finished batch.

A batch whose runner stopped before its end (killed, crashed, closed) is shown as interrupted:
resume it with dcdesk bulk --resume ID. One stopped while the rows of its file were still being
stored is shown as incomplete: resume it with its file, dcdesk bulk --resume ID INPUT (the
same file), which stores the rows it lacks. A batch whose deletion started and has not ended (a
dcdesk purge killed, say) is shown as deleting, its counts as -: the next opening of the history
finishes its deletion, and it cannot be resumed, exported or reported meanwhile. The table has a header row: ID, STATE,
ENVIRONMENT, DONE, TOTAL, OK, INVALID, FAILED, SOURCE.
--json prints an array of {id, state, source, total, done, ok, noContent, invalid, rejected,
failed, createdAt, environment, stored, needsFile} (stored: the rows stored, fewer than total
while needsFile: the batch resumes only with its file; environment: sandbox, test (homologation), production or the custom
address the batch was sent to).`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    try {
      if (values.cancel !== undefined) return cancelBatch(history.db, values.cancel, io);
      const list = batchViews(history.db)
        .list()
        .map((view) => ({
          id: view.record.id,
          state: stateOf(view),
          source: view.record.sourceName,
          total: view.record.total,
          done: view.counts.done,
          ok: view.counts.ok,
          noContent: view.counts.noContent,
          invalid: view.counts.invalid,
          rejected: view.counts.rejected,
          failed: view.counts.failed,
          createdAt: view.record.createdAt,
          environment: view.record.destination,
          stored: view.counts.total,
          needsFile: needsFile(view),
        }));
      if (values.json) {
        io.out(JSON.stringify(list, null, 2));
        return exitCodes.ok;
      }
      if (list.length === 0) {
        io.out('No batches yet. Start one with: dcdesk bulk INPUT --output OUTPUT');
        return exitCodes.ok;
      }
      const header = ['ID', 'STATE', 'ENVIRONMENT', 'DONE', 'TOTAL', 'OK', 'INVALID', 'FAILED'];
      // A batch being deleted has lost part of its rows: its counts would read as a whole batch.
      const shownCount = (batch: (typeof list)[number], n: number) =>
        batch.state === 'deleting' ? '-' : String(n);
      const rows = list.map((batch) => [
        batch.id,
        batch.state,
        batch.environment,
        shownCount(batch, batch.done),
        shownCount(batch, batch.total),
        shownCount(batch, batch.ok),
        shownCount(batch, batch.invalid),
        shownCount(batch, batch.failed),
        batch.source,
      ]);
      // Counts are right-aligned so their digits line up; the source name, free text, goes last.
      for (const line of alignColumns([[...header, 'SOURCE'], ...rows], new Set([3, 4, 5, 6, 7])))
        io.out(line);
      for (const batch of list) {
        if (batch.state === 'deleting') io.out(deletingText(batch.id));
        if (batch.needsFile)
          io.out(
            `Batch ${batch.id} is incomplete: ${formatCount(batch.stored)} of ${counted(batch.total, 'row', 'rows')} stored. Resume it with its file (${batch.source}): dcdesk bulk --resume ${batch.id} INPUT --output OUTPUT`,
          );
      }
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};

/** Cancels a batch no runner holds, with the rule the app's Cancel uses (the batch service's). */
function cancelBatch(db: Db, batchId: string, io: Io): number {
  const service = createBatchService({
    db,
    // Cancelling sends nothing: no client is ever asked for.
    clientFor: () => Promise.reject(new Error('Cancelling a batch reaches no service.')),
    onEvent: () => undefined,
  });
  const cancelled = service.cancelStopped(batchId);
  if (!cancelled.ok) return reportError(io, cancelled.error);
  const view = service.get(batchId);
  if (!view.ok) return reportError(io, view.error);
  const { done, total } = view.value.counts;
  io.out(
    `Batch ${batchId} cancelled: ${String(done)} of ${counted(total, 'row', 'rows')} looked up.`,
  );
  return exitCodes.ok;
}
