import { createBatch } from '../../electron/core/bulk/batch';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { teamService } from '../../electron/core/team/team-service';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { startCluster, postgresMissing } from '../support/postgres';
import { noTeamPassword } from '../support/team-database';
import type { BenchResult } from './bench-result';
import { median3 } from './median3';

const changes = 10_000;

/**
 * A workstation whose history holds `n` rows answered by the sandbox's own answers (written as
 * the runner writes them), every one reviewed as fraud in one bulk action: `n` trail lines.
 */
async function reviewedWorkstation(n: number, analyst: string) {
  const history = await tempHistory();
  const batch = createBatch(history.db, {
    sourceName: 'team.csv',
    sourceSha256: '0'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(n),
  });
  const rows = rowsRepo(history.db);
  history.db.transaction(() => {
    const results = rows.claim(batch.id, n, batch.createdAt).map((row): RowResult => {
      const answer = sandboxAnswer(row.request);
      const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
      return {
        seq: row.seq,
        status: answer.status === 200 ? 'ok' : 'no_content',
        httpStatus: answer.status,
        errorCode: null,
        result: parsed?.ok ? parsed.value : null,
        messages: [],
        attempts: 1,
        durationMs: 5,
      };
    });
    rows.complete(batch.id, results, new Date().toISOString());
  })();
  history.db.prepare("UPDATE batches SET state = 'finished'").run();
  const review = reviewService(history.db, () => analyst);
  const set = await review.setFiltered(batch.id, {}, 'Fraude Confirmada');
  if (!set.ok) throw new Error(set.error.message);
  return { history, reviewed: set.value.changed };
}

/**
 * Issue 17: "10,000 outcome changes synced in under 5 s". One analyst reviews 10,000 answered
 * transactions; the figure is the time from the start of her sync (pushing the changes and
 * sharing the 10,000 answers) to the end of a colleague's (pulling them and applying every one
 * with the device from the shared answers). A fresh cluster per run, with fsync on.
 */
export async function benchTeam(): Promise<BenchResult[]> {
  const missing = postgresMissing();
  if (missing)
    return [
      {
        name: 'team: 10,000 outcome changes synced',
        value: `not run: ${missing}`,
        target: '< 5 s',
        met: false,
      },
    ];
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const cluster = await startCluster({ durable: true });
    const ana = await reviewedWorkstation(changes, 'Ana');
    const bruno = await tempHistory();
    try {
      const { user, port, database } = cluster.connection;
      const env = { DCDESK_TEAM_URL: `postgresql://${user}@127.0.0.1:${String(port)}/${database}` };
      const service = (db: typeof bruno.db, name: string) =>
        teamService(db, noTeamPassword, { analystSetting: () => name, env });
      // The schema exists before the clock starts, as on any team but the first day's.
      const warm = await service(bruno.db, 'Bruno').sync();
      if (!warm.ok) throw new Error(warm.error.message);
      const started = performance.now();
      const pushed = await service(ana.history.db, 'Ana').sync();
      const pulled = await service(bruno.db, 'Bruno').sync();
      times.push((performance.now() - started) / 1000);
      if (!pushed.ok || !pulled.ok) throw new Error('A sync failed.');
      if (pushed.value.pushed !== ana.reviewed || pulled.value.applied !== ana.reviewed)
        throw new Error(
          `Pushed ${String(pushed.value.pushed)} and applied ${String(pulled.value.applied)} of ${String(ana.reviewed)} changes.`,
        );
    } finally {
      ana.history.close();
      bruno.close();
      await cluster.destroy();
    }
  }
  const { median, spread } = median3(times);
  return [
    {
      name: `team: ${changes.toLocaleString('en')} outcome changes synced (push with their answers, a colleague's pull and apply; fsync on)`,
      value: `${median.toFixed(2)} s (spread ${spread.toFixed(2)} s)`,
      target: '< 5 s',
      met: median < 5,
    },
  ];
}
