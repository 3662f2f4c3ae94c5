import type {
  OutcomeImportIssue,
  OutcomeImportReport,
  OutcomeImportRow,
} from '../../../shared/contract/outcomes';
import type { Outcome } from '../../../shared/domain/types';
import { outcomeTextKey } from '../../../shared/outcomes/outcome-names';
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
 * What a row says, for comparing the rows of one id: its outcome, or the words of a cell that
 * names none (`Em análise` and `em analise` say the same); null for a blank cell, which says
 * nothing and so contradicts nothing.
 */
function saidBy(row: OutcomeImportRow): string | null {
  if (row.outcome !== null) return row.outcome;
  const key = outcomeTextKey(row.text ?? '');
  return key === '' ? null : `?${key}`;
}

/** The value a row shows the analyst: its outcome, or what its cell says. */
function valueOf(row: OutcomeImportRow): string {
  return row.outcome ?? row.text ?? '';
}

/**
 * Sorts the rows of an outcomes spreadsheet by what applying them would do. Rows are grouped by
 * transaction id: an id given with different values is a contradiction, whether the values name
 * outcomes or not (`Fraude Confirmada` and `Legítima`, `Em análise` and `Suspeito`: the file does
 * not say one thing), and every one of its rows is listed and none applied. Rows whose outcome
 * names none of the three are otherwise unknown. An id given more than once with one outcome
 * counts once, its other rows as repeated (within the file: nothing says they are stored).
 * Otherwise the id is not found (no row carries it), without a device (no `ok` answer),
 * unchanged (that outcome is stored with the device of the id's newest answer), a conflict
 * (another outcome is stored) or to apply (none is stored, or the same one on an older device).
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
    unknown: [],
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
    const unknown = (row: OutcomeImportRow) =>
      report.unknown.push({ row: row.row, transactionId, incoming: valueOf(row) });
    // A blank outcome cell gives no value: it is unknown, whatever the other rows say.
    const valued = group.filter((row) => saidBy(row) !== null);
    for (const row of group) if (saidBy(row) === null) unknown(row);
    const [first, ...repeated] = valued;
    if (first === undefined) continue;
    const other = valued.find((row) => saidBy(row) !== saidBy(first));
    if (other) {
      for (const row of valued) {
        const differing = saidBy(row) === saidBy(first) ? other : first;
        report.contradictions.push({
          row: row.row,
          transactionId,
          current: valueOf(differing),
          incoming: valueOf(row),
        });
      }
      continue;
    }
    const outcome = first.outcome;
    if (outcome === null) {
      for (const row of valued) unknown(row);
      continue;
    }
    report.repeated += repeated.length;
    const issue: OutcomeImportIssue = { row: first.row, transactionId, incoming: outcome };
    const { device, seen, current, currentDevice } = known(transactionId);
    if (!device) {
      (seen ? report.withoutDevice : report.notFound).push(issue);
      continue;
    }
    const write: ImportWrite = { transactionId, outcome, ...device };
    // The same outcome on another device (a lookup after the review named a new one) is not
    // stored for the answer the file would carry: it moves there, as a replaced outcome does.
    if (current === outcome && currentDevice === device.deviceId) {
      report.unchanged += 1;
    } else if (current !== null && current !== outcome) {
      report.conflicts.push({ ...issue, current });
      replacements.push(write);
    } else {
      report.toApply += 1;
      writes.push(write);
    }
  }
  return { report, writes, replacements };
}
