import type { SourceRow } from '../../electron/core/bulk/batch';
import { isNoContentSession, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

/** A session id the sandbox answers with 204 (no device), unique per `n`. */
export function noContentSession(n = 0): string {
  let found = 0;
  for (let i = 0; i < 100_000; i += 1) {
    const session = `no-device-session-${String(i).padStart(8, '0')}`;
    if (isNoContentSession(session) && (found += 1) > n) return session;
  }
  throw new Error('No 204 session in the first 100,000.');
}

/**
 * A real history holding one batch run against the real sandbox: `size` sample rows, where row
 * index 0 has no transaction id (so it is invalid and never sent) and row index 1 a session the
 * sandbox answers 204. `runBatch` adds further batches (a later lookup of an id, say).
 */
export async function outcomesFixture(size = 30) {
  const sandbox: SandboxHandle = await startSandbox();
  const history = await tempHistory();
  const rows = sourceRows(size);
  const [first, second] = rows as [SourceRow, SourceRow];
  rows[0] = { ...first, raw: { ...first.raw, externalID: undefined } };
  rows[1] = { ...second, raw: { ...second.raw, sessionID: noContentSession() } };

  async function runBatch(batchRows: SourceRow[]): Promise<string> {
    const { batch, run } = startBatch(history.db, sandbox, batchRows, { concurrency: 4 });
    const end = await run.ended;
    if (end.state !== 'finished') throw new Error(`The fixture batch ended ${end.state}.`);
    return batch.id;
  }

  const batchId = await runBatch(rows);
  return {
    sandbox,
    history,
    db: history.db,
    batchId,
    rows,
    runBatch,
    client: sandboxClient(sandbox),
    close: async () => {
      history.close();
      await sandbox.close();
    },
  };
}

export type OutcomesFixture = Awaited<ReturnType<typeof outcomesFixture>>;
