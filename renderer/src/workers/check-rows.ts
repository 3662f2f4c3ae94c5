/**
 * The worker's pure work: every row of a sheet validated with the core's own rules, summed up into
 * a report small enough to post to the screen, and the final rows for the run step.
 */
import { ruleOf, type FieldProblem } from '../../../shared/domain/field-problem';
import type { RawTransaction } from '../../../shared/domain/types';
import type { ColumnMapping } from '../../../shared/spreadsheet/columns';
import {
  findDuplicateExternalIds,
  isPaddingNote,
  rowsToTransactions,
} from '../../../shared/spreadsheet/transactions';
import { checkSourceRow, notesAfterEdit } from '../../../shared/spreadsheet/lost-digits';
import { replacedCells } from '../../../shared/spreadsheet/replaced-characters';
import type { SourceRow } from '../../../shared/spreadsheet/transactions';
import type { Cell, MergedArea } from '../../../shared/spreadsheet/types';
import { hiddenRowCounter } from '../../../shared/spreadsheet/hidden-rows';
import { requestLine } from '../../../shared/contract/request-lines';
import { idList } from './id-list';
import type { BaseReport, CheckedRow, ProblemCount } from './import-protocol';

/** How often, in rows, a long check reports progress. */
export const progressEvery = 10_000;

/** `cpf|check_digits`: one counter per field and rule. */
export function problemKey(problem: FieldProblem): string {
  return `${problem.field}|${problem.rule}`;
}

/**
 * Validates every row below `headerRow` under `mapping`. Rows come back only when the screen lists
 * them (problems, duplicates); valid rows count, give their request (for the "already looked
 * up" question) and the first one gives the request preview.
 */
export function checkRows(
  rows: Cell[][],
  headerRow: number,
  mapping: ColumnMapping,
  onProgress?: (done: number, total: number) => void,
  hiddenRows?: readonly number[],
  merges?: readonly MergedArea[],
): BaseReport {
  const sources = rowsToTransactions(rows, headerRow, mapping, merges);
  const duplicates = findDuplicateExternalIds(sources);
  const inDuplicate = new Set(duplicates.flatMap((group) => group.rows));
  const counts = new Map<string, ProblemCount>();
  const uniqueValidRequests: string[] = [];
  const report: BaseReport = {
    total: sources.length,
    invalid: [],
    problemCounts: [],
    duplicates,
    duplicateRows: [],
    uniqueValidRequests: idList([]),
    firstUniqueValid: null,
    padded: { cpf_padded: 0, zip_padded: 0 },
    replaced: replacedCells(rows),
    hidden: 0,
  };
  const hidden = hiddenRowCounter(hiddenRows);

  sources.forEach((source, index) => {
    if (onProgress && index > 0 && index % progressEvery === 0) onProgress(index, sources.length);
    hidden.see(source.row);
    for (const note of source.notes) if (isPaddingNote(note)) report.padded[note] += 1;
    const check = checkSourceRow(source);
    const problems = check.ok ? [] : check.problems;
    const listed: CheckedRow = { ...source, problems };
    for (const problem of problems) {
      const key = problemKey(problem);
      const count = counts.get(key);
      if (count) count.count += 1;
      // Counted by rule: one row's characters found are not every row's.
      else counts.set(key, { ...ruleOf(problem), count: 1 });
    }
    if (!check.ok) report.invalid.push(listed);
    if (inDuplicate.has(source.row)) report.duplicateRows.push(listed);
    else if (check.ok) {
      uniqueValidRequests.push(requestLine(check.value));
      report.firstUniqueValid ??= { row: source.row, transaction: check.value };
    }
  });
  report.problemCounts = [...counts.values()];
  report.uniqueValidRequests = idList(uniqueValidRequests);
  report.hidden = hidden.count;
  return report;
}

/**
 * The rows for the run step: every row with content below the header, the analyst's fixes in
 * place of the sheet's values, excluded rows left out. Invalid rows stay in: the run records them
 * as invalid without sending them, so the batch accounts for every row of the file.
 */
export function collectRows(
  rows: Cell[][],
  headerRow: number,
  mapping: ColumnMapping,
  fixes: ReadonlyMap<number, RawTransaction>,
  excluded: ReadonlySet<number>,
  merges?: readonly MergedArea[],
): SourceRow[] {
  const result: SourceRow[] = [];
  for (const source of rowsToTransactions(rows, headerRow, mapping, merges)) {
    if (excluded.has(source.row)) continue;
    const fix = fixes.get(source.row);
    // A fixed row's values are the analyst's; the padding notes described the cells replaced. A
    // value that lost digits and was left as read keeps its note: the core holds the row back.
    const notes = fix ? notesAfterEdit(source.notes, fix, source.raw) : [];
    result.push(fix ? { row: source.row, raw: { ...fix }, notes } : source);
  }
  return result;
}
