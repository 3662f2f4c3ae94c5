import { describe, expect, it } from 'vitest';
import type { BaseReport, SheetInfo } from '../../workers/import-protocol';
import {
  hasRequiredColumns,
  hasUnsentWork,
  importReducer,
  initialImportState,
  type ImportAction,
  type ImportState,
} from './import-reducer';
import { idList } from '../../workers/id-list';

const sheet: SheetInfo = {
  kind: 'csv',
  sheetNames: ['pedidos'],
  sheet: 'pedidos',
  rowCount: 3,
  topRows: [],
  headerRow: 0,
};
const report: BaseReport = {
  total: 2,
  invalid: [],
  problemCounts: [],
  duplicates: [],
  duplicateRows: [],
  uniqueValidRequests: idList([]),
  firstUniqueValid: null,
  padded: { cpf_padded: 0, zip_padded: 0 },
  replaced: { count: 0, cells: [] },
  hidden: 0,
};
const header = {
  headerRow: 0,
  headers: ['Sessão', 'Pedido', 'CPF'],
  mapping: { sessionID: 0, externalID: 1, cpf: 2 },
  source: 'automatic' as const,
};
const run = (actions: ImportAction[], from: ImportState = initialImportState) =>
  actions.reduce(importReducer, from);

const ready = run([
  { type: 'file_chosen', file: { name: 'pedidos.csv', size: 120 } },
  { type: 'sheet_read', sheet, header },
  { type: 'checked', report },
]);

describe('importReducer', () => {
  it('goes from a chosen file to a checked sheet', () => {
    expect(ready).toMatchObject({ phase: 'ready', sheet, mapping: header.mapping, report });
    expect(ready.check.status).toBe('done');
  });

  it('starts over on a new file but keeps the analyst preferences', () => {
    const next = run(
      [
        { type: 'personal_data_shown', shown: true },
        { type: 'recent_days_set', days: 30 },
        { type: 'rows_excluded', rows: [2] },
        { type: 'file_chosen', file: { name: 'b.csv', size: 1 } },
      ],
      ready,
    );
    expect(next).toMatchObject({
      phase: 'reading',
      report: null,
      showPersonalData: true,
      recentDays: 30,
    });
    expect(next.excluded.size).toBe(0);
  });

  it('gives a column to one field only', () => {
    const next = importReducer(ready, { type: 'column_mapped', field: 'email', column: 2 });
    expect(next.mapping).toEqual({ sessionID: 0, externalID: 1, email: 2 });
    expect(next.mappingSource).toBe('edited');
    expect(
      importReducer(next, { type: 'column_mapped', field: 'email', column: null }).mapping,
    ).toEqual({
      sessionID: 0,
      externalID: 1,
    });
  });

  it('drops fixes but keeps exclusions when the mapping changes; drops both for a new header row', () => {
    const edited = run(
      [
        { type: 'fix_applied', row: 2, raw: { externalID: 'PED-000002' } },
        { type: 'rows_excluded', rows: [3, 4] },
      ],
      ready,
    );
    const remapped = importReducer(edited, { type: 'column_mapped', field: 'cpf', column: null });
    expect([remapped.fixes.size, [...remapped.excluded]]).toEqual([0, [3, 4]]);
    const reheaded = importReducer(edited, {
      type: 'header_row_chosen',
      header: { ...header, headerRow: 1 },
    });
    expect([reheaded.fixes.size, reheaded.excluded.size, reheaded.headerRow]).toEqual([0, 0, 1]);
  });

  it('forgets the report when an identifier column is unmapped', () => {
    const next = importReducer(ready, { type: 'column_mapped', field: 'sessionID', column: null });
    expect(next.report).toBeNull();
    expect(hasRequiredColumns(next.mapping)).toBe(false);
  });

  it('applies and undoes fixes and exclusions without touching the previous state', () => {
    const fixed = importReducer(ready, { type: 'fix_applied', row: 5, raw: { cpf: '1' } });
    expect(ready.fixes.size).toBe(0);
    expect(importReducer(fixed, { type: 'fix_undone', row: 5 }).fixes.size).toBe(0);
    const excluded = importReducer(ready, { type: 'rows_excluded', rows: [5, 6] });
    expect([...importReducer(excluded, { type: 'rows_included', rows: [5] }).excluded]).toEqual([
      6,
    ]);
    expect(ready.excluded.size).toBe(0);
  });

  it('shows a read problem and a failed check', () => {
    const problem = { code: 'zip_bomb' as const, message: 'No.' };
    expect(importReducer(ready, { type: 'read_failed', problem })).toMatchObject({
      phase: 'failed',
      problem,
      report: null,
    });
    const failed = importReducer(ready, { type: 'check_failed', message: 'boom' });
    expect(failed).toMatchObject({ check: { status: 'failed' }, problem: { code: 'worker' } });
  });

  it('has unsent work once a row is fixed or excluded, until a run takes it', () => {
    expect(hasUnsentWork(ready)).toBe(false);
    const fixed = importReducer(ready, {
      type: 'fix_applied',
      row: 5,
      raw: { externalID: 'PED-5', sessionID: 'sess-0005-abcdefghijklmnopqrst' },
    });
    expect(hasUnsentWork(fixed)).toBe(true);
    const sent = importReducer(fixed, { type: 'run_started' });
    expect(hasUnsentWork(sent)).toBe(false);
    // A change after the run is new work again.
    const excluded = importReducer(sent, { type: 'rows_excluded', rows: [7] });
    expect(hasUnsentWork(excluded)).toBe(true);
    // Undone back to nothing: nothing to lose.
    const included = importReducer(importReducer(ready, { type: 'rows_excluded', rows: [7] }), {
      type: 'rows_included',
      rows: [7],
    });
    expect(hasUnsentWork(included)).toBe(false);
  });
});
