/**
 * The state of one import, from the chosen file to the rows ready for the run step. Pure: the
 * hook talks to the worker and feeds its answers in as actions.
 */
import type { RawTransaction } from '../../../../shared/domain/types';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import type { ReadProblem } from '../../../../shared/spreadsheet/types';
import type { BaseReport, SheetInfo } from '../../workers/import-protocol';

export type MappingSource = 'remembered' | 'automatic' | 'edited';

/** A read problem, or the worker itself failing (a bug, or the browser killing it). */
export type ImportProblem = ReadProblem | { code: 'worker'; message: string };

export interface ImportState {
  phase: 'idle' | 'reading' | 'failed' | 'ready';
  file: { name: string; size: number } | null;
  problem: ImportProblem | null;
  sheet: SheetInfo | null;
  headerRow: number;
  headers: string[];
  mapping: ColumnMapping;
  mappingSource: MappingSource;
  check: { status: 'idle' | 'running' | 'done' | 'failed'; done: number; total: number };
  report: BaseReport | null;
  /** Row number → the analyst's values for the row. */
  fixes: ReadonlyMap<number, RawTransaction>;
  /** Row numbers left out of the run. */
  excluded: ReadonlySet<number>;
  /** The fixes and exclusions a started run took (kept by identity: each change makes new ones). */
  sent: { fixes: ImportState['fixes']; excluded: ImportState['excluded'] } | null;
  showPersonalData: boolean;
  /** "Already looked up in the last `recentDays` days". */
  recentDays: number;
  skipRecent: boolean;
}

/** A header row with the mapping chosen for its names. */
export interface HeaderChoice {
  headerRow: number;
  headers: string[];
  mapping: ColumnMapping;
  source: MappingSource;
}

export type ImportAction =
  | { type: 'file_chosen'; file: { name: string; size: number } }
  | { type: 'sheet_requested' }
  | { type: 'read_failed'; problem: ImportProblem }
  | { type: 'sheet_read'; sheet: SheetInfo; header: HeaderChoice }
  | { type: 'header_row_chosen'; header: HeaderChoice }
  | { type: 'column_mapped'; field: MappableField; column: number | null }
  | { type: 'check_started' }
  | { type: 'check_progress'; done: number; total: number }
  | { type: 'checked'; report: BaseReport }
  | { type: 'check_failed'; message: string }
  | { type: 'fix_applied'; row: number; raw: RawTransaction }
  | { type: 'fix_undone'; row: number }
  | { type: 'rows_excluded'; rows: number[] }
  | { type: 'rows_included'; rows: number[] }
  | { type: 'personal_data_shown'; shown: boolean }
  | { type: 'recent_days_set'; days: number }
  | { type: 'skip_recent_set'; skip: boolean }
  | { type: 'run_started' };

export const defaultRecentDays = 7;

export const initialImportState: ImportState = {
  phase: 'idle',
  file: null,
  problem: null,
  sheet: null,
  headerRow: 0,
  headers: [],
  mapping: {},
  mappingSource: 'automatic',
  check: { status: 'idle', done: 0, total: 0 },
  report: null,
  fixes: new Map(),
  excluded: new Set(),
  sent: null,
  showPersonalData: false,
  recentDays: defaultRecentDays,
  skipRecent: false,
};

/** Both identifiers are needed before any row can be checked. */
export function hasRequiredColumns(mapping: ColumnMapping): boolean {
  return mapping.sessionID !== undefined && mapping.externalID !== undefined;
}

/** A new header row or mapping: fixes were typed for the old reading of the rows, so they go. */
function withHeader(state: ImportState, header: HeaderChoice, keepExcluded: boolean): ImportState {
  return {
    ...state,
    headerRow: header.headerRow,
    headers: header.headers,
    mapping: header.mapping,
    mappingSource: header.source,
    fixes: new Map(),
    excluded: keepExcluded ? state.excluded : new Set(),
    report: hasRequiredColumns(header.mapping) ? state.report : null,
    check: { status: 'idle', done: 0, total: 0 },
  };
}

function remap(mapping: ColumnMapping, field: MappableField, column: number | null): ColumnMapping {
  const next: ColumnMapping = {};
  for (const [other, used] of Object.entries(mapping) as Array<[MappableField, number]>) {
    // One column serves one field: taking it for this field frees it from the other.
    if (other !== field && used !== column) next[other] = used;
  }
  if (column !== null) next[field] = column;
  return next;
}

function withRows<T>(set: ReadonlySet<T>, rows: T[], add: boolean): ReadonlySet<T> {
  const next = new Set(set);
  for (const row of rows) {
    if (add) next.add(row);
    else next.delete(row);
  }
  return next;
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'file_chosen':
      return {
        ...initialImportState,
        phase: 'reading',
        file: action.file,
        showPersonalData: state.showPersonalData,
        recentDays: state.recentDays,
      };
    case 'sheet_requested':
      return { ...state, phase: 'reading', problem: null, sheet: null, report: null };
    case 'read_failed':
      return { ...state, phase: 'failed', problem: action.problem, sheet: null, report: null };
    case 'sheet_read':
      return withHeader(
        { ...state, phase: 'ready', sheet: action.sheet, report: null },
        action.header,
        false,
      );
    case 'header_row_chosen':
      return withHeader(state, action.header, false);
    case 'column_mapped':
      return withHeader(
        state,
        {
          headerRow: state.headerRow,
          headers: state.headers,
          mapping: remap(state.mapping, action.field, action.column),
          source: 'edited',
        },
        true,
      );
    case 'check_started':
      return { ...state, check: { status: 'running', done: 0, total: 0 } };
    case 'check_progress':
      return { ...state, check: { status: 'running', done: action.done, total: action.total } };
    case 'checked':
      return { ...state, report: action.report, check: { status: 'done', done: 0, total: 0 } };
    case 'check_failed':
      return {
        ...state,
        report: null,
        problem: { code: 'worker', message: action.message },
        check: { status: 'failed', done: 0, total: 0 },
      };
    case 'fix_applied':
      return { ...state, fixes: new Map(state.fixes).set(action.row, action.raw) };
    case 'fix_undone': {
      const fixes = new Map(state.fixes);
      fixes.delete(action.row);
      return { ...state, fixes };
    }
    case 'rows_excluded':
      return { ...state, excluded: withRows(state.excluded, action.rows, true) };
    case 'rows_included':
      return { ...state, excluded: withRows(state.excluded, action.rows, false) };
    case 'personal_data_shown':
      return { ...state, showPersonalData: action.shown };
    case 'recent_days_set':
      return { ...state, recentDays: action.days };
    case 'skip_recent_set':
      return { ...state, skipRecent: action.skip };
    case 'run_started':
      return { ...state, sent: { fixes: state.fixes, excluded: state.excluded } };
  }
}

/**
 * The analyst fixed or excluded rows that no run has taken yet: work a reload or a closed tab
 * would lose, since it lives only in this window (never in web storage: the rows hold CPFs,
 * e-mails and phones).
 */
export function hasUnsentWork(state: ImportState): boolean {
  if (state.fixes.size === 0 && state.excluded.size === 0) return false;
  return state.sent?.fixes !== state.fixes || state.sent.excluded !== state.excluded;
}
