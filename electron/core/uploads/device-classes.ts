import type { DeviceOrigins, UploadCheck } from '../../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import { counted, pluralForm } from '../../../shared/count-text';
import type { Destination } from '../../../shared/environment';
import { formatCount } from '../../../shared/spreadsheet/problem';

/** DeviceIds named as examples of a class: a few show the pattern. */
const maxDeviceExamples = 5;

/** A row of a file as the device check reads it: its transaction and its DeviceId. */
export type DeviceRow = Pick<ResponseVariableRow, 'transactionId' | 'deviceId'>;

/** Rows of one class of pairs (each row once): how many, and the first few as examples. */
export function pairClass(rows: DeviceRow[]): DeviceOrigins {
  return {
    count: rows.length,
    examples: rows
      .slice(0, maxDeviceExamples)
      .map(({ transactionId, deviceId }) => ({ transactionId, deviceId, knownIn: [] })),
  };
}

/**
 * The file's DeviceIds the history knows only from other destinations, and those it never met.
 * A DeviceId is an answer of one environment: another environment's service does not know it.
 */
export function deviceClasses(
  rows: DeviceRow[],
  known: Map<string, Destination[]>,
  destination: Destination,
): { foreign: DeviceOrigins; unseen: DeviceOrigins } {
  const foreign: DeviceOrigins = { count: 0, examples: [] };
  const unseen: DeviceOrigins = { count: 0, examples: [] };
  const counted = new Set<string>();
  for (const row of rows) {
    if (counted.has(row.deviceId)) continue;
    counted.add(row.deviceId);
    const knownIn = known.get(row.deviceId) ?? [];
    if (knownIn.includes(destination)) continue;
    const group = knownIn.length === 0 ? unseen : foreign;
    group.count += 1;
    if (group.examples.length < maxDeviceExamples)
      group.examples.push({ transactionId: row.transactionId, deviceId: row.deviceId, knownIn });
  }
  return { foreign, unseen };
}

/** The sentence that refuses a file carrying DeviceIds of another destination. */
export function foreignDevicesMessage(check: UploadCheck): string {
  const { count, examples } = check.foreignDevices;
  const where = [...new Set(examples.flatMap((example) => example.knownIn))].join(', ');
  return (
    `${check.fileName} cannot be sent to ${check.environment}: ${formatCount(count)} of its DeviceIds ` +
    `come only from answers of ${where}, never of ${check.environment}, which does not know ` +
    `them. Build the file from ${check.environment}'s answers (dcdesk outcomes build).`
  );
}

/**
 * The sentence that refuses a file pairing transactions with DeviceIds their answers did not give:
 * a DeviceId column sorted apart from its transactions would send each outcome against the wrong
 * device, so no word of the analyst lets it go. Names the IDs the file holds, nothing else.
 */
export function otherDevicesMessage(check: UploadCheck): string {
  const env = check.environment;
  const count = check.otherDevices?.count ?? 0;
  return (
    `${check.fileName} cannot be sent to ${env}: ${formatCount(count)} of its ` +
    `${pluralForm(count, { one: 'rows pairs', other: 'rows pair' })} a transaction with a DeviceId ` +
    `that no answer of ${env} gave it (its answer named another device). A DeviceId column ` +
    `sorted or pasted apart from its transactions does this. Build the file again from ` +
    `${env}'s answers (dcdesk outcomes build).`
  );
}

/** The sentence that holds back a file pairing known DeviceIds with transactions never looked up. */
export function unpairedDevicesMessage(check: UploadCheck): string {
  const env = check.environment;
  const count = check.unpairedDevices?.count ?? 0;
  return (
    `${counted(count, 'row')} of ${check.fileName} ${pluralForm(count, { one: 'pairs', other: 'pair' })} ` +
    `a DeviceId known in ${env} with a transaction this history never looked up there, so it ` +
    `cannot tell that they belong together. Send it only if you know each DeviceId is the one ` +
    `${env} gave that transaction, saying so explicitly.`
  );
}

/**
 * The sentence that holds back a file carrying DeviceIds the history never saw. An upload counts
 * a DeviceId only with its transaction (the ledger is asked by transaction), which it says.
 */
export function unseenDevicesMessage(check: UploadCheck): string {
  const { count } = check.unseenDevices;
  const form = (one: string, other: string) => pluralForm(count, { one, other });
  return (
    `${counted(count, 'DeviceId')} of ${check.fileName} ${form('appears', 'appear')} in no ` +
    `answer of this history, nor with the same transaction in any upload, so it cannot tell ` +
    `which environment gave ${form('it', 'them')}. Send it only if you know ` +
    `${form('it comes', 'they come')} from ${check.environment}, saying so explicitly.`
  );
}

/** One example line: the transaction, its DeviceId and where the history met it. */
export function deviceExample(example: DeviceOrigins['examples'][number]): string {
  const where = example.knownIn.length === 0 ? '' : ` (known in ${example.knownIn.join(', ')})`;
  return `${example.transactionId}: ${example.deviceId}${where}`;
}
