import type { SourceRow } from '../../electron/core/bulk/batch';
import type { BatchRun } from '../../electron/core/bulk/runner';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { Result } from '../../shared/result';
import type { Settings } from '../../shared/settings';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { testResultHandlers } from '../support/result-handlers';

/** An external ID a spreadsheet would run as a formula. */
export const formulaId = '=SUM(1,2)-order';

/** The first sample row whose sandbox answer names similar devices. */
function rowWithSimilarDevices(rows: SourceRow[], from: number): number {
  const index = rows.findIndex((row, i) => {
    if (i < from) return false;
    // The sandbox decides 204 and the similar devices from the session alone.
    const answer = sandboxAnswer({ sessionID: row.raw.sessionID });
    if (answer.status !== 200) return false;
    const similarity = answer.body.similarityResult as { similarDevices: string[] };
    return similarity.similarDevices.length > 0;
  });
  if (index < 0) throw new Error('No sample row has similar devices.');
  return index;
}

/**
 * A real batch of 300 rows run against the real sandbox into a real history: rows 1 and 2 fail
 * (three 500s each), row 3 is rejected (400), row 6 has a formula-looking external ID, row 11 an
 * invalid CPF, two rows share a session (so a device) and the run is paused after 200 answers,
 * leaving the rest pending.
 */
export async function resultsFixture() {
  const sandbox: SandboxHandle = await startSandbox();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600, retryAfterSeconds: 1 });
  const history = await tempHistory();
  const rows = sourceRows(300);
  const edit = (index: number, raw: SourceRow['raw']) => {
    const row = rows[index]!;
    rows[index] = { ...row, raw: { ...row.raw, ...raw } };
  };
  edit(5, { externalID: formulaId });
  edit(10, { cpf: '123.456.789-00' });
  const shared = rowWithSimilarDevices(rows, 20);
  edit(shared + 1, { sessionID: rows[shared]!.raw.sessionID });

  sandbox.forceNext(500, { route: 'insights', count: 6 });
  sandbox.forceNext(400, { route: 'insights' });
  const client = sandboxClient(sandbox);
  let answered = 0;
  let run: BatchRun | null = null;
  ({ run } = startBatch(
    history.db,
    sandbox,
    rows,
    { concurrency: 1 },
    {
      retryPolicy: { baseDelayMs: 1 },
      // The real client, counting answers, so the pause lands at the same place every run.
      client: {
        insights: async (...args) => {
          const answer = await client.insights(...args);
          if ((answered += 1) === 206) run?.pause();
          return answer;
        },
      },
    },
  ));
  const end = await run.ended;
  if (end.state !== 'paused') throw new Error(`The fixture batch ended ${end.state}.`);
  const batchId = history.db.prepare('SELECT id FROM batches').pluck().get() as string;
  // The settings the exports follow: English and `,` unless a test changes them (and back).
  const settings: Partial<Settings> = {};

  return {
    sandbox,
    history,
    batchId,
    rows,
    /** The 0-based index of the first of the two rows with one session. */
    shared,
    settings,
    handlers: testResultHandlers(history.db, settings),
    close: async () => {
      history.close();
      await sandbox.close();
    },
  };
}

export type ResultsFixture = Awaited<ReturnType<typeof resultsFixture>>;

/** The value of a successful result; an error result fails the test with its message. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
