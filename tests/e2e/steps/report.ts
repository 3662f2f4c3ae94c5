/** Steps of the report journeys: a batch with both classes of outcome to report on. */
import { sampleTransaction } from '../../support/transactions';
import type { App } from '../fixtures';
import { batchRows, call, finishedBatch } from './core';

/** One row of a batch as the import gives it, from the n-th sample transaction. */
export function sourceRow(row: number, n: number) {
  const { sessionID, externalID, cpf, email, zipCode } = sampleTransaction(n);
  return { row, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
}

/** A sandbox batch of 40 rows, every one answered; some reviewed as fraud, some as Legítima. */
export async function reviewedBatch(app: App): Promise<string> {
  const rows = Array.from({ length: 40 }, (_, index) => sourceRow(index + 2, 500 + index));
  const batchId = await finishedBatch(app, {
    sourceName: 'relatorio.csv',
    sourceSha256: 'd'.repeat(64),
    rows,
  });
  const answered = (await batchRows(app, batchId)).filter((row) => row.score !== null);
  // The riskiest rows as fraud, a few low ones as Legítima: both classes, a real separation.
  const byScore = [...answered].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const mark = async (picked: typeof answered, outcome: string) =>
    call(app, 'outcomes.set', {
      targets: picked.map((row) => ({ batchId: batchId, seq: row.seq })),
      outcome,
    });
  await mark(byScore.slice(0, 4), 'Fraude Confirmada');
  await mark(byScore.slice(4, 6), 'Legítima');
  await mark(byScore.slice(-6), 'Legítima');
  return batchId;
}
