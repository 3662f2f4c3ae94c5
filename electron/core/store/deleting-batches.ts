import { deletingMark } from './row-slices';

/**
 * The keys of the batches whose deletion started (`deletingMark`): a purge or a "Delete batch"
 * that goes slice by slice, or one a killed process left half done until the next opening ends
 * it. Their rows are gone to every reader across batches (the search, a device's page, reused
 * answers, the report, the team's answers, the checks of a file's DeviceIds) from the moment the
 * deletion starts, as they are to the views of one batch (`refuseDeleting`): otherwise a search
 * showed rows the analyst had deleted, and a new batch reused their answers. Few batches are ever
 * being deleted: the list is read once per statement.
 */
export const deletingBatchKeys = `(SELECT key FROM batches WHERE pause_reason = '${deletingMark}')`;

/** `keyColumn` (a batch key) is not one of a batch being deleted, as an SQL condition. */
export const notDeleting = (keyColumn: string): string =>
  `${keyColumn} NOT IN ${deletingBatchKeys}`;
