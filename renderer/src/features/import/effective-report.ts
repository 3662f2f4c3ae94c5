/**
 * The report as the analyst sees it: the worker's report of the sheet, with the analyst's fixes
 * and exclusions applied on the main thread. Only rows the worker listed (problems, duplicates)
 * can be fixed or excluded, so the work grows with those rows, never with the file.
 */
import { validateTransaction } from '../../../../shared/domain/transaction';
import { ruleOf, type FieldProblem } from '../../../../shared/domain/field-problem';
import type { RawTransaction, Transaction } from '../../../../shared/domain/types';
import type { SourceNote } from '../../../../shared/spreadsheet/transactions';
import { checkSourceRow, notesAfterEdit } from '../../../../shared/spreadsheet/lost-digits';
import { problemKey } from '../../workers/check-rows';
import { requestLine } from '../../../../shared/contract/request-lines';
import { withMore, type IdList } from '../../workers/id-list';
import type { BaseReport, CheckedRow, ProblemCount } from '../../workers/import-protocol';

export type RowState = 'valid' | 'invalid' | 'fixed' | 'excluded';

export interface RowView {
  row: number;
  /** The analyst's fix when there is one, else the sheet's values. */
  raw: RawTransaction;
  /** The sheet's values, which the notes describe. */
  sheetRaw: RawTransaction;
  notes: SourceNote[];
  /** Problems of `raw`; for an excluded row, those it had (it is no longer checked). */
  problems: FieldProblem[];
  /** Problems of the sheet's values, before any fix. */
  originalProblems: FieldProblem[];
  state: RowState;
  /** The analyst changed this row's values. */
  fixed: boolean;
}

export interface Totals {
  rows: number;
  valid: number;
  invalid: number;
  excluded: number;
  fixed: number;
  /** Included rows repeating the external ID of an earlier included row. */
  duplicates: number;
  padded: number;
}

export interface DuplicateGroup {
  externalID: string;
  rows: Array<{ row: number; excluded: boolean }>;
}

export interface EffectiveReport {
  totals: Totals;
  problemCounts: ProblemCount[];
  /** Listed rows per state, in sheet order. */
  lists: Record<'invalid' | 'fixed' | 'excluded', RowView[]>;
  duplicates: DuplicateGroup[];
  /** Requests (`requestLine`) of the included valid rows (one may repeat): for "already looked up". */
  requests: IdList;
  /** The request the first included valid row will send. */
  firstRequest: { row: number; transaction: Transaction } | null;
  /** Cells where a character was lost in decoding (U+FFFD), as the worker found them. */
  replaced: BaseReport['replaced'];
  /** Data rows Excel hides, as the worker counted them; they are sent like the others. */
  hidden: number;
}

export interface Edits {
  fixes: ReadonlyMap<number, RawTransaction>;
  excluded: ReadonlySet<number>;
}

/**
 * The problems of a fix of `source`: the rules, and the sheet's lost digits where the analyst left
 * the value as read (typing it again is the fix).
 */
export function fixProblems(source: CheckedRow, fix: RawTransaction): FieldProblem[] {
  const check = checkSourceRow({
    raw: fix,
    notes: notesAfterEdit(source.notes, fix, source.raw),
  });
  return check.ok ? [] : check.problems;
}

/** The rows the analyst may act on, each once, in sheet order. Depends on the report only. */
export function listedRows(base: BaseReport): CheckedRow[] {
  const byRow = new Map<number, CheckedRow>();
  for (const row of base.invalid) byRow.set(row.row, row);
  for (const row of base.duplicateRows) byRow.set(row.row, row);
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

function adjust(counts: Map<string, ProblemCount>, problems: FieldProblem[], by: 1 | -1) {
  for (const problem of problems) {
    const key = problemKey(problem);
    // Counted by rule: one row's characters found are not every row's.
    const count = counts.get(key) ?? { ...ruleOf(problem), count: 0 };
    count.count += by;
    counts.set(key, count);
  }
}

export function effectiveReport(
  base: BaseReport,
  listed: CheckedRow[],
  { fixes, excluded }: Edits,
): EffectiveReport {
  const counts = new Map(base.problemCounts.map((count) => [problemKey(count), { ...count }]));
  const lists: EffectiveReport['lists'] = { invalid: [], fixed: [], excluded: [] };
  // The worker's list, plus the valid included rows it listed (repeated IDs, fixed rows); the
  // core counts each request once.
  const listedRequests: string[] = [];
  let firstListed: RawTransaction | undefined;
  let firstListedRow = Infinity;

  for (const source of listed) {
    const fix = fixes.get(source.row);
    const originalProblems = source.problems;
    const sheetRaw = source.raw;
    if (excluded.has(source.row)) {
      adjust(counts, source.problems, -1);
      lists.excluded.push({
        ...source,
        sheetRaw,
        originalProblems,
        state: 'excluded',
        fixed: false,
      });
      continue;
    }
    let problems = source.problems;
    if (fix) {
      problems = fixProblems(source, fix);
      adjust(counts, source.problems, -1);
      adjust(counts, problems, 1);
      const state = problems.length === 0 ? 'fixed' : 'invalid';
      lists.fixed.push({
        ...source,
        raw: fix,
        sheetRaw,
        problems,
        originalProblems,
        state,
        fixed: true,
      });
    }
    if (problems.length > 0) {
      const raw = fix ?? source.raw;
      lists.invalid.push({
        ...source,
        raw,
        sheetRaw,
        problems,
        originalProblems,
        state: 'invalid',
        fixed: !!fix,
      });
      continue;
    }
    const raw = fix ?? source.raw;
    const check = validateTransaction(raw);
    if (check.ok) listedRequests.push(requestLine(check.value));
    if (source.row < firstListedRow) [firstListed, firstListedRow] = [raw, source.row];
  }

  let firstRequest = base.firstUniqueValid;
  if (firstListed && (firstRequest === null || firstListedRow < firstRequest.row)) {
    const check = validateTransaction(firstListed);
    if (check.ok) firstRequest = { row: firstListedRow, transaction: check.value };
  }

  const duplicates = base.duplicates.map((group) => ({
    externalID: group.externalID,
    rows: group.rows.map((row) => ({ row, excluded: excluded.has(row) })),
  }));
  const invalid = lists.invalid.length;
  const excludedCount = lists.excluded.length;
  return {
    totals: {
      rows: base.total,
      valid: base.total - invalid - excludedCount,
      invalid,
      excluded: excludedCount,
      fixed: lists.fixed.length,
      duplicates: duplicates.reduce(
        (sum, group) => sum + Math.max(0, group.rows.filter((row) => !row.excluded).length - 1),
        0,
      ),
      padded: base.padded.cpf_padded + base.padded.zip_padded,
    },
    problemCounts: [...counts.values()].filter((count) => count.count > 0),
    lists,
    duplicates,
    requests: withMore(base.uniqueValidRequests, listedRequests),
    firstRequest,
    replaced: base.replaced,
    hidden: base.hidden,
  };
}

/** Rows to exclude so each external ID is sent once: all but the first included row of each group. */
export function laterDuplicates(groups: DuplicateGroup[]): number[] {
  return groups.flatMap((group) =>
    group.rows
      .filter((row) => !row.excluded)
      .slice(1)
      .map((row) => row.row),
  );
}
