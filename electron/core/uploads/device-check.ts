import type { DeviceOrigins, UploadCheck } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { Db } from '../store/db';
import { devicePairsRepo, type DevicePair } from '../store/device-pairs.repo';
import { uploadsRepo } from '../store/uploads.repo';
import { deviceClasses, pairClass, type DeviceRow } from './device-classes';
import { sortedDistinct } from './sorted-distinct';

/** Resolves after the events waiting (other requests, I/O) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the check says of a file's DeviceIds, each with the transaction it came with. */
export interface DeviceFindings {
  foreign: DeviceOrigins;
  unseen: DeviceOrigins;
  /** The classes of rows whose pairing the history does not vouch for, only those found. */
  pairs: Pick<UploadCheck, 'otherDevices' | 'unpairedDevices'>;
}

/**
 * The check of a file's DeviceIds before it goes to a destination: whether an answer of that
 * destination gave each transaction that DeviceId (a column sorted apart from its transactions
 * passes a check of DeviceIds alone), and for the rows none did, where their DeviceIds are known.
 * `sliceRows`: pairs asked at a time, with a turn of the event loop between, so a file of hundreds
 * of thousands of rows does not hold the thread it runs on.
 */
export function deviceCheck(db: Db, sliceRows: number) {
  const uploads = uploadsRepo(db);
  const pairs = devicePairsRepo(db);

  /** The pairs (their JSON texts) at whose positions `ask` answers, a slice at a time. */
  async function picked(keys: string[], ask: (json: string) => number[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let from = 0; from < keys.length; from += sliceRows) {
      await nextTurn();
      const slice = keys.slice(from, from + sliceRows);
      for (const at of ask(`[${slice.join(',')}]`)) found.add(slice[at] ?? '');
    }
    return found;
  }

  /**
   * Of these pairs (those no answer, upload or colleague of the destination vouches for), the
   * DeviceIds its answers named (`knownHere`: their transactions are what is new), and the
   * classes of the others by where the history met them (answers, uploads and colleagues'
   * outcomes of any destination).
   */
  async function devicesOf(rows: DeviceRow[], destination: Destination) {
    const distinct = sortedDistinct(rows.map((row) => row.deviceId));
    const unknown = new Set<string>();
    for (let from = 0; from < distinct.length; from += sliceRows) {
      await nextTurn();
      for (const deviceId of uploads.unknownIn(destination, distinct.slice(from, from + sliceRows)))
        unknown.add(deviceId);
    }
    const unknownRows = rows.filter((row) => unknown.has(row.deviceId));
    const known = new Map<string, Destination[]>();
    for (let from = 0; from < unknownRows.length; from += sliceRows) {
      await nextTurn();
      const slice = unknownRows.slice(from, from + sliceRows);
      for (const [deviceId, found] of uploads.deviceOrigins(slice)) {
        const list = known.get(deviceId) ?? [];
        for (const place of found) if (!list.includes(place)) list.push(place);
        known.set(deviceId, list);
      }
    }
    return {
      ...deviceClasses(unknownRows, known, destination),
      knownHere: rows.filter((row) => !unknown.has(row.deviceId)),
    };
  }

  /** The findings for a file's rows, its IDs trimmed as the service and the ledger read them. */
  return async function check(
    rows: DeviceRow[],
    destination: Destination,
  ): Promise<DeviceFindings> {
    // Each pair as its JSON text `[DeviceId, transaction]`, in the file's order (examples are
    // its first rows), and each once, sorted so the DeviceIds are asked in order along their index.
    const inFile = rows.map((row) =>
      JSON.stringify([row.deviceId.trim(), row.transactionId.trim()]),
    );
    // Most pairs of a file built here are its destination's answers: the few left are asked more.
    const open = [
      ...(await picked(sortedDistinct(inFile), (json) => pairs.unpaired(destination, json))),
    ];
    const vouched = await picked(open, (json) => pairs.vouched(destination, json));
    const left = open.filter((key) => !vouched.has(key));
    const answered = await picked(left, (json) => pairs.answered(destination, json));
    const classOf = new Map<string, 'other' | 'device'>();
    for (const key of left) classOf.set(key, answered.has(key) ? 'other' : 'device');
    const other: DeviceRow[] = [];
    const rest: DeviceRow[] = [];
    for (const key of inFile) {
      const found = classOf.get(key);
      if (found === undefined) continue;
      classOf.delete(key);
      const [deviceId, transactionId] = JSON.parse(key) as DevicePair;
      (found === 'other' ? other : rest).push({ transactionId, deviceId });
    }
    const devices = await devicesOf(rest, destination);
    const pairsFound: DeviceFindings['pairs'] = {};
    // Named only when found: a file the core built (see `builtCheck`) has neither.
    if (other.length > 0) pairsFound.otherDevices = pairClass(other);
    if (devices.knownHere.length > 0) pairsFound.unpairedDevices = pairClass(devices.knownHere);
    return { foreign: devices.foreign, unseen: devices.unseen, pairs: pairsFound };
  };
}
