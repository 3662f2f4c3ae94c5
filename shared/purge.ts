/** What a purge removed. */
export interface PurgeReport {
  batches: number;
  rows: number;
}

/** What forgetting one CPF removed. */
export interface CpfErasure {
  /** Input rows about the CPF (their results and outcomes went with them). */
  rows: number;
  /** Older copies of the history deleted whole (migration backups, damaged files). */
  copies: number;
}
