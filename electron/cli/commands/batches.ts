import { parseArgs } from 'node:util';
import { toBatchCounts } from '../../core/bulk/progress';
import { batchesRepo } from '../../core/store/batches.repo';
import { rowsRepo } from '../../core/store/rows.repo';
import type { Command } from '../command';
import { dataDirFrom, openCliHistory } from '../history';
import { exitCodes, type Io } from '../io';

const options = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
} as const;

export const batchesCommand: Command = {
  name: 'batches',
  summary: 'list the stored batches, newest first',
  usage: `dcdesk batches [--json] [--data-dir DIR]

--json prints an array of {id, state, source, total, done, ok, noContent, invalid, rejected,
failed, createdAt}.`,
  async run(argv: string[], io: Io) {
    const { values } = parseArgs({ args: argv, options, strict: true });
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    if (!history) return exitCodes.failed;
    try {
      const rows = rowsRepo(history.db);
      const list = batchesRepo(history.db)
        .list()
        .map((batch) => {
          const counts = toBatchCounts(rows.counts(batch.id));
          return {
            id: batch.id,
            state: batch.state,
            source: batch.sourceName,
            total: batch.total,
            done: counts.done,
            ok: counts.ok,
            noContent: counts.noContent,
            invalid: counts.invalid,
            rejected: counts.rejected,
            failed: counts.failed,
            createdAt: batch.createdAt,
            environment: batch.destination,
          };
        });
      if (values.json) {
        io.out(
          JSON.stringify(
            list.map(({ environment: _environment, ...entry }) => entry),
            null,
            2,
          ),
        );
        return exitCodes.ok;
      }
      if (list.length === 0) {
        io.out('No batches yet. Start one with: dcdesk bulk INPUT --output OUTPUT');
        return exitCodes.ok;
      }
      for (const batch of list) {
        io.out(
          `${batch.id}  ${batch.state.padEnd(9)} ${batch.environment.padEnd(10)} ${String(batch.done).padStart(7)}/${String(batch.total).padEnd(7)} ok ${String(batch.ok)}, failed ${String(batch.failed)}  ${batch.source}`,
        );
      }
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};
