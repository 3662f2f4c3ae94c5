/**
 * The contract's names without its schemas, for the preload, which must stay a small bundle with
 * no dependencies. `device-check-api.ts` checks at compile time that these lists match the contract.
 */
export const operationNames = [
  'app.info',
  'app.sample',
  'settings.get',
  'settings.update',
  'environments.list',
  'environments.activate',
  'environments.configure',
  'environments.test',
  'credentials.save',
  'credentials.delete',
  'history.purgePreview',
  'history.purge',
  'history.batchDeletion',
  'history.deleteBatch',
  'history.forgetCpf',
  'lookups.countRecent',
  'batches.create',
  'batches.storeRows',
  'batches.keepStoredRows',
  'batches.list',
  'batches.get',
  'batches.resume',
  'batches.pause',
  'batches.cancel',
  'batches.retryFailed',
  'results.page',
  'results.aggregates',
  'results.detail',
  'results.export',
  'results.exportFailed',
  'results.cancelExport',
  'history.search',
  'history.searchSummary',
  'devices.get',
  'outcomes.set',
  'outcomes.setFiltered',
  'outcomes.setSearched',
  'outcomes.importCheck',
  'outcomes.importApply',
  'outcomes.summary',
  'outcomes.fileRows',
  'outcomes.buildFile',
  'report.get',
  'report.export',
  'uploads.check',
  'uploads.saveBuilt',
  'uploads.send',
  'uploads.resend',
  'uploads.list',
  'uploads.file',
  'team.status',
  'team.test',
  'team.connect',
  'team.sync',
  'team.disconnect',
] as const;

export const eventNames = [
  'main:batch.progress',
  'main:outcomes.changed',
  'main:outcomes.progress',
  'main:outcomes.fileProgress',
  'main:results.exportProgress',
  'main:settings.changed',
  'main:app.command',
] as const;

/** The IPC channel of an operation, tagged with its direction. */
export function operationChannel(name: string): string {
  return `renderer:${name}`;
}

/** `main:batch.progress` → `onBatchProgress`: the preload's name for a subscription. */
export function subscriptionName(event: string): string {
  const words = event.replace(/^main:/, '').split(/[.-]/);
  return `on${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
}
