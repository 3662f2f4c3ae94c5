/** The reviewed batch and helpers the upload tests share (uploads-send, uploads-resend). */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import type { UploadTarget } from '../../electron/core/uploads/upload-service';
import type { UploadOutcome, UploadView } from '../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { buildResponseFile, type BuildOptions } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

export let fixture: OutcomesFixture;
/** The reviewed rows of the fixture batch, as a file carries them. */
export let reviewed: ResponseVariableRow[];

/** Registers the hooks: a reviewed 30-row batch against the sandbox, the ledger emptied per test. */
export function setUpSends(): void {
  beforeAll(async () => {
    fixture = await outcomesFixture(30);
    const review = reviewService(fixture.db);
    const targets = Array.from({ length: 30 }, (_, i) => ({
      batchId: fixture.batchId,
      seq: i + 1,
    }));
    review.set(targets.slice(0, 12), 'Suspeito');
    review.set(targets.slice(12, 20), 'Fraude Confirmada');
    review.set(targets.slice(20), 'Device Positivado');
    reviewed = await review.fileRows('sandbox', { scope: 'all' });
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    fixture.db.prepare('DELETE FROM uploads').run();
    fixture.sandbox.resetCounters();
  });
}

export async function build(rows: ResponseVariableRow[], options: BuildOptions) {
  const built = await buildResponseFile(rows, options);
  if (!built.ok) throw new Error(built.problems.map((problem) => problem.message).join('; '));
  return { fileName: built.file.fileName, bytes: built.file.bytes };
}

export function target(extra: Partial<UploadTarget> = {}): UploadTarget {
  return { client: fixture.client, environment: 'sandbox', confirmed: false, ...extra };
}

/** The ledger line of a `done` answer; anything else fails the test. */
export function done(result: Result<UploadOutcome>): UploadView {
  const outcome = unwrap(result);
  if (outcome.status !== 'done') throw new Error(`Expected done, got ${JSON.stringify(outcome)}`);
  return outcome.upload;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const transactionsOf = (uploadId: number) =>
  fixture.db
    .prepare(
      `SELECT external_id AS transactionId, device_id AS deviceId, outcome
       FROM upload_transactions WHERE upload_id = ?`,
    )
    .all(uploadId);
