/** What a purge removed. */
export interface PurgeReport {
  batches: number;
  rows: number;
}
