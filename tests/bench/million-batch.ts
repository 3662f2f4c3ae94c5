import { createBatch } from '../../electron/core/bulk/batch';
import { reviewService } from '../../electron/core/review/review-service';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { openHistory } from '../../electron/core/store/db';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import { reviewOutcomes } from '../../shared/domain/types';
import { sourceRows } from '../support/bulk';
import { sampleTransaction } from '../support/transactions';

export const millionRows = 1_048_576;

/** The sandbox's answer to transaction `n` as the runner stores it (insight codes included). */
function storedAnswer(n: number): RowResult {
  const answer = sandboxAnswer(sampleTransaction(n));
  const base = { seq: n + 1, errorCode: null, messages: [], attempts: 1, durationMs: 5 };
  if (answer.status !== 200)
    return { ...base, status: 'no_content', httpStatus: answer.status, result: null };
  const parsed = parseInsightResult(answer.body);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return { ...base, status: 'ok', httpStatus: 200, result: parsed.value };
}

/**
 * A finished batch of `rows` rows stored through the real migrations and repositories, as a run
 * against the sandbox would store it (the sandbox's own answers, without the hours of HTTP), in
 * slices of 64 Ki rows so memory stays bounded; one answered row in 100 gets an outcome (the four
 * review states in turn). Returns the batch id.
 */
export async function storeBigBatch(dataDir: string, rows = millionRows): Promise<string> {
  const opened = await openHistory(dataDir);
  if (!opened.ok) throw new Error(opened.error.message);
  const { db } = opened.value;
  try {
    const batch = createBatch(db, {
      sourceName: `pedidos-${String(rows)}.csv`,
      sourceSha256: 'd'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: sourceRows(rows),
    });
    const repo = rowsRepo(db);
    const now = new Date().toISOString();
    const slice = 65_536;
    for (let from = 0; from < rows; from += slice) {
      const results = Array.from({ length: Math.min(slice, rows - from) }, (_, i) =>
        storedAnswer(from + i),
      );
      db.transaction(() => repo.complete(batch.id, results, now)).immediate();
    }
    db.transaction(() => batchesRepo(db).setState(batch.id, 'finished', now)).immediate();
    const review = reviewService(db);
    for (let state = 0; state < reviewOutcomes.length; state += 1) {
      const targets = [];
      for (let seq = 1 + state * 100; seq <= rows; seq += 400)
        targets.push({ batchId: batch.id, seq });
      review.set(targets, reviewOutcomes[state]!);
    }
    return batch.id;
  } finally {
    db.close();
  }
}
