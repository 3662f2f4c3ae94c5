/** What a purge removed. */
export interface PurgeReport {
  batches: number;
  rows: number;
  /**
   * Batches old enough to go that were kept: running (here or in another process), with rows of
   * their file still to store, or unfinished (paused, interrupted, never started).
   */
  kept: number;
  /**
   * Older copies of the history deleted whole (migration backups, damaged files): they hold the
   * batches of their day, so a purge that removed a batch removes them too. In a preview, the
   * copies that would go.
   */
  copies: number;
  /**
   * Whether the removed data left the history's files at once. False when another program held
   * the history open for reading (the app, another dcdesk): the old copies of the erased pages
   * stay in its write-ahead log until it closes and the next opening wipes them. True in a preview.
   */
  wiped: boolean;
}

/** What a purge now would remove, and the saved retention it would use. */
export interface PurgePreview extends PurgeReport {
  days: number;
}

/** What forgetting one CPF removed. */
export interface CpfErasure {
  /** Input rows about the CPF (their results and outcomes went with them). */
  rows: number;
  /**
   * Reviews of the CPF's transactions removed, also one set on another batch's row of the same
   * transaction (a row without the CPF, which stays).
   */
  outcomes: number;
  /** Older copies of the history deleted whole (migration backups, damaged files). */
  copies: number;
  /**
   * Whether the removed data left the history's files at once. False when another program held
   * the history open for reading (the app, another dcdesk): the old copies of the erased pages
   * stay in its write-ahead log until it closes and the next opening wipes them. True in a preview.
   */
  wiped: boolean;
}

/** What deleting one batch removes (or, asked before, would remove). */
export interface BatchDeletion {
  /** Its input rows, with their answers and results. */
  rows: number;
  /**
   * Reviews set on it of transactions no other batch of its environment holds; the others move to
   * the newest batch that holds them.
   */
  outcomes: number;
  /**
   * Of those, the ones already shared with the team database: they stay there (deleting a batch
   * here withdraws nothing from colleagues), so the question says so.
   */
  shared: number;
  /** Older copies of the history deleted whole with it (or, asked before, that would be). */
  copies: number;
  /**
   * Whether the removed data left the history's files at once. False when another program held
   * the history open for reading (the app, another dcdesk): the old copies of the erased pages
   * stay in its write-ahead log until it closes and the next opening wipes them. True in a preview.
   */
  wiped: boolean;
}
