import type { DeviceOrigins, UploadCheck } from '../../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { formatCount } from '../../../shared/spreadsheet/problem';

/** DeviceIds named as examples of a class: a few show the pattern. */
const maxDeviceExamples = 5;

/**
 * The file's DeviceIds the history knows only from other destinations, and those it never met.
 * A DeviceId is an answer of one environment: another environment's service does not know it.
 */
export function deviceClasses(
  rows: ResponseVariableRow[],
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

/** The sentence that holds back a file carrying DeviceIds the history never saw. */
export function unseenDevicesMessage(check: UploadCheck): string {
  return (
    `${formatCount(check.unseenDevices.count)} DeviceIds of ${check.fileName} appear in no answer ` +
    `and no upload of this history, so it cannot tell which environment gave them. Send it ` +
    `only if you know they come from ${check.environment}, saying so explicitly.`
  );
}

/** One example line: the transaction, its DeviceId and where the history met it. */
export function deviceExample(example: DeviceOrigins['examples'][number]): string {
  const where = example.knownIn.length === 0 ? '' : ` (known in ${example.knownIn.join(', ')})`;
  return `${example.transactionId}: ${example.deviceId}${where}`;
}
