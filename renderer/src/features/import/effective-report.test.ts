import { describe, expect, it } from 'vitest';
import type { RawTransaction, Transaction } from '../../../../shared/domain/types';
import type { Cell } from '../../../../shared/spreadsheet/types';
import { checkRows } from '../../workers/check-rows';
import { effectiveReport, laterDuplicates, listedRows, type Edits } from './effective-report';
import { idLines } from '../../../../shared/contract/id-lines';
import type { IdList } from '../../workers/id-list';

/** The distinct IDs of a list, sorted (the core counts each once). */
/** The external IDs of the requests of `list`. */
const ids = (list: IdList) =>
  [
    ...new Set(idLines(list.text).map((line) => (JSON.parse(line) as Transaction).externalID)),
  ].sort();

const cell = (text: string): Cell => ({ text, numeric: false });
const session = (n: number) => `session-${String(n).padStart(16, '0')}`;
const line = (n: number, id: string, cpf: string) => [cell(session(n)), cell(id), cell(cpf)];
const goodCpf = '529.982.247-25';

/** Rows 2..7: bad CPF, valid, duplicate of row 3 (valid), missing ID, valid, bad CPF. */
const rows: Cell[][] = [
  [cell('Sessão'), cell('Pedido'), cell('CPF')],
  line(2, 'PED-000002', '111.111.111-11'),
  line(3, 'PED-000003', goodCpf),
  line(4, 'PED-000003', goodCpf),
  [cell(session(5)), null, cell(goodCpf)],
  line(6, 'PED-000006', goodCpf),
  line(7, 'PED-000007', '123'),
];
const base = checkRows(rows, 0, { sessionID: 0, externalID: 1, cpf: 2 });
const listed = listedRows(base);
const none: Edits = { fixes: new Map(), excluded: new Set() };
const report = (edits: Partial<Edits>) => effectiveReport(base, listed, { ...none, ...edits });

describe('effectiveReport', () => {
  it('matches the worker report when nothing was edited', () => {
    const { totals, problemCounts, firstRequest, lists } = report({});
    expect(totals).toEqual({
      rows: 6,
      valid: 3,
      invalid: 3,
      excluded: 0,
      fixed: 0,
      duplicates: 1,
      padded: 0,
    });
    expect(lists.invalid.map((row) => row.row)).toEqual([2, 5, 7]);
    expect(problemCounts).toEqual([
      { field: 'cpf', rule: 'repeated_digits', count: 1 },
      { field: 'externalID', rule: 'required', count: 1 },
      { field: 'cpf', rule: 'length', min: 11, max: 11, count: 1 },
    ]);
    expect(firstRequest?.row).toBe(3);
  });

  it('moves a fixed row out of the invalid list and updates the counts', () => {
    const fix: RawTransaction = { sessionID: session(2), externalID: 'PED-000002', cpf: goodCpf };
    const { totals, lists, problemCounts, firstRequest, requests } = report({
      fixes: new Map([[2, fix]]),
    });
    expect(totals).toMatchObject({ valid: 4, invalid: 2, fixed: 1 });
    expect(lists.fixed).toMatchObject([{ row: 2, state: 'fixed', raw: fix, problems: [] }]);
    expect(problemCounts.map((count) => count.rule)).toEqual(['required', 'length']);
    expect(firstRequest).toEqual({
      row: 2,
      transaction: { sessionID: session(2), externalID: 'PED-000002', cpf: '52998224725' },
    });
    expect(ids(requests)).toEqual(['PED-000002', 'PED-000003', 'PED-000006']);
  });

  it('keeps a fix that is still invalid in the invalid list, with its new problems', () => {
    const { totals, lists } = report({ fixes: new Map([[7, { sessionID: session(7) }]]) });
    expect(totals).toMatchObject({ invalid: 3, fixed: 1 });
    expect(lists.invalid.find((row) => row.row === 7)).toMatchObject({
      fixed: true,
      problems: [{ field: 'externalID', rule: 'required' }],
    });
  });

  it('counts excluded rows apart and stops checking them', () => {
    const { totals, lists, problemCounts } = report({ excluded: new Set([2, 4]) });
    expect(totals).toMatchObject({ rows: 6, valid: 2, invalid: 2, excluded: 2, duplicates: 0 });
    expect(lists.excluded.map((row) => [row.row, row.state])).toEqual([
      [2, 'excluded'],
      [4, 'excluded'],
    ]);
    expect(problemCounts.some((count) => count.rule === 'repeated_digits')).toBe(false);
  });

  it('takes the next valid row for the preview when the first is excluded', () => {
    expect(report({ excluded: new Set([3]) }).firstRequest?.row).toBe(4);
    expect(report({ excluded: new Set([3, 4]) }).firstRequest?.row).toBe(6);
    expect(ids(report({ excluded: new Set([3, 4]) }).requests)).toEqual(['PED-000006']);
  });
});

describe('laterDuplicates', () => {
  it('keeps the first included row of each group', () => {
    const groups = [
      {
        externalID: 'A',
        rows: [
          { row: 2, excluded: false },
          { row: 5, excluded: false },
          { row: 9, excluded: false },
        ],
      },
      {
        externalID: 'B',
        rows: [
          { row: 3, excluded: true },
          { row: 4, excluded: false },
          { row: 7, excluded: false },
        ],
      },
    ];
    expect(laterDuplicates(groups)).toEqual([5, 9, 7]);
    expect(
      laterDuplicates(
        report({ excluded: new Set(laterDuplicates(report({}).duplicates)) }).duplicates,
      ),
    ).toEqual([]);
  });
});
