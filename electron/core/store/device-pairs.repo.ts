import type { Destination } from '../../../shared/environment';
import type { Db } from './db';
import { sameId } from './exact-id';
import { notDeleting } from './deleting-batches';
import { possiblyReceived } from './uploads.repo';

/** A file's pair as the check asks about it: `[DeviceId, transaction ID]`, both trimmed. */
export type DevicePair = [deviceId: string, transactionId: string];

const device = 'p.value ->> 0';
const transaction = 'p.value ->> 1';

/**
 * The pairs (a JSON list of `[DeviceId, transaction ID]`, each once) no stored answer of a
 * `destination` batch gave: that transaction, answered with that DeviceId. Asked of every row of a
 * file, so it reads indexes alone: the DeviceId's lookups from `lookups_device_nocase` (migration
 * 19, which holds their status and row), then that row's transaction from
 * `batch_rows_external_nocase` (its ID and row). The pairs are asked in DeviceId order, as
 * `unknownDevicesSql` asks its DeviceIds. Gives the pairs' positions in the list. The second seek
 * lands anywhere in its index: a million pairs took about 2.8 s where DeviceIds alone took 1 s
 * (a quiet machine), the price of catching a DeviceId column sorted apart from its transactions.
 * `INDEXED BY` keeps the planner off the tables' keys, which would read whole rows.
 */
export const unpairedSql = `SELECT p.key FROM json_each(@pairs) p
  WHERE NOT EXISTS (SELECT 1 FROM lookups l INDEXED BY lookups_device_nocase
    JOIN batch_rows r INDEXED BY batch_rows_external_nocase
      ON r.batch_key = l.batch_key AND r.seq = l.seq
    JOIN batches b ON b.key = l.batch_key
    WHERE ${sameId('l.device_id', device)} AND l.status = 'ok'
      AND ${sameId('r.external_id', transaction)} AND b.destination = @destination
      AND ${notDeleting('b.key')})`;

/**
 * Of pairs no answer gave, those an upload to `destination` (accepted, or possibly received) or a
 * colleague's outcome there carried: the answers that named them are gone (a purged batch) or were
 * a colleague's, and the check counts both as where a DeviceId is known (see `deviceOrigins`).
 */
const vouchedSql = `SELECT p.key FROM json_each(@pairs) p
  WHERE EXISTS (SELECT 1 FROM upload_transactions ut JOIN uploads u ON u.id = ut.upload_id
      WHERE ut.external_id = ${transaction} AND ut.device_id = ${device}
        AND u.environment = @destination AND ${possiblyReceived})
    OR EXISTS (SELECT 1 FROM outcomes o
      WHERE o.external_id = ${transaction} AND o.device_id = ${device}
        AND o.environment = @destination AND o.set_by IS NOT NULL)`;

/** Of pairs no answer gave, those whose transaction an answer of `destination` gave a device. */
const answeredSql = `SELECT p.key FROM json_each(@pairs) p
  WHERE EXISTS (SELECT 1 FROM batch_rows r INDEXED BY batch_rows_external_nocase
    JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
    JOIN batches b ON b.key = r.batch_key
    WHERE ${sameId('r.external_id', transaction)} AND l.status = 'ok'
      AND b.destination = @destination AND ${notDeleting('b.key')})`;

/** What the history says of a file's pairs of transaction and DeviceId, for the check before upload. */
export function devicePairsRepo(db: Db) {
  const unpaired = db.prepare<[{ pairs: string; destination: Destination }], number>(unpairedSql);
  const vouched = db.prepare<[{ pairs: string; destination: Destination }], number>(vouchedSql);
  const answered = db.prepare<[{ pairs: string; destination: Destination }], number>(answeredSql);
  for (const statement of [unpaired, vouched, answered]) statement.pluck();
  const ask = (statement: typeof unpaired, destination: Destination, pairs: string) =>
    statement.all({ pairs, destination });
  return {
    /** Positions in `pairs` (a JSON list of `DevicePair`) of those no answer gave. */
    unpaired: (destination: Destination, pairs: string) => ask(unpaired, destination, pairs),
    /** Positions of those an upload or a colleague's outcome of `destination` carried. */
    vouched: (destination: Destination, pairs: string) => ask(vouched, destination, pairs),
    /** Positions of those whose transaction an answer of `destination` gave some DeviceId. */
    answered: (destination: Destination, pairs: string) => ask(answered, destination, pairs),
  };
}
