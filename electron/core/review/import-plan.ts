import type {
  OutcomeImportIssue,
  OutcomeImportReport,
  OutcomeImportRow,
} from '../../../shared/contract/outcomes';
import type { Outcome } from '../../../shared/domain/types';
import type { KnownTransaction } from '../store/outcomes.repo';

/** An outcome the import would store. */
export interface ImportWrite {
  transactionId: string;
  deviceId: string;
  outcome: Outcome;
  batchId: string;
}

export interface ImportPlan {
  report: OutcomeImportReport;
  /** New or changed outcomes, applied in any case. */
  writes: ImportWrite[];
  /** Outcomes that replace a different stored one, applied only when asked. */
  replacements: ImportWrite[];
}

/**
 * Sorts the rows of an outcomes spreadsheet by what applying them would do. Rows are grouped by
 * transaction id: an id given with different outcomes is a contradiction (every one of its rows is
 * listed and none applied); an id given more than once with one outcome counts once, its other
 * rows as repeated (within the file: nothing says they are stored). Otherwise the id is not found (no row carries it), without a device (no `ok`
 * answer), unchanged (that outcome is stored), a conflict (another outcome is stored) or to apply.
 * Every row lands in exactly one count, so the counts add up to `rows`.
 */
export function planImport(
  rows: readonly OutcomeImportRow[],
  known: (transactionId: string) => KnownTransaction,
): ImportPlan {
  const report: OutcomeImportReport = {
    rows: rows.length,
    toApply: 0,
    unchanged: 0,
    repeated: 0,
    notFound: [],
    withoutDevice: [],
    conflicts: [],
    contradictions: [],
  };
  const writes: ImportWrite[] = [];
  const replacements: ImportWrite[] = [];
  const byId = new Map<string, OutcomeImportRow[]>();
  for (const row of rows) {
    const group = byId.get(row.transactionId);
    if (group) group.push(row);
    else byId.set(row.transactionId, [row]);
  }

  for (const [transactionId, group] of byId) {
    const [first, ...repeated] = group as [OutcomeImportRow, ...OutcomeImportRow[]];
    const other = group.find((row) => row.outcome !== first.outcome);
    if (other) {
      for (const row of group) {
        const differing = row.outcome === first.outcome ? other : first;
        report.contradictions.push({
          row: row.row,
          transactionId,
          current: differing.outcome,
          incoming: row.outcome,
        });
      }
      continue;
    }
    report.repeated += repeated.length;
    const issue: OutcomeImportIssue = { row: first.row, transactionId, incoming: first.outcome };
    const { device, seen, current } = known(transactionId);
    if (!device) {
      (seen ? report.withoutDevice : report.notFound).push(issue);
      continue;
    }
    const write: ImportWrite = { transactionId, outcome: first.outcome, ...device };
    if (current === first.outcome) {
      report.unchanged += 1;
    } else if (current !== null) {
      report.conflicts.push({ ...issue, current });
      replacements.push(write);
    } else {
      report.toApply += 1;
      writes.push(write);
    }
  }
  return { report, writes, replacements };
}
