import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../shared/spreadsheet/types';
import { requestLine } from '../../../shared/contract/request-lines';
import { checkRows, collectRows } from './check-rows';

const text = (value: string): Cell => ({ text: value, numeric: false });
const number = (value: string): Cell => ({ text: value, numeric: true });
const session = (n: number) => `session-${String(n).padStart(16, '0')}`;
const mapping = { sessionID: 0, externalID: 1, cpf: 2, email: 3 };

/** Header, then rows 2..: a valid one, a bad CPF, a duplicate of row 2, a padded CPF. */
const rows: Cell[][] = [
  [text('Sessão'), text('Pedido'), text('CPF'), text('E-mail')],
  [text(session(1)), text('PED-000001'), text('529.982.247-25'), text('ana@example.com')],
  [text(session(2)), text('PED-000002'), text('123.456.789-00'), null],
  [],
  [text(session(3)), text('PED-000001'), null, text('bad')],
  [text(session(4)), text('PED-000004'), number('4391906066'), null],
];

describe('checkRows', () => {
  const report = checkRows(rows, 0, mapping);

  it('names the cells where decoding lost a character, and none in a clean sheet', () => {
    expect(report.replaced).toEqual({ count: 0, cells: [] });
    const broken = [...rows, [text(session(5)), text('PED-000005'), null, text('jo\ufffdo@x.com')]];
    expect(checkRows(broken, 0, mapping).replaced).toEqual({ count: 1, cells: ['D7'] });
  });

  it('counts rows with content and lists only invalid ones', () => {
    expect(report.total).toBe(4);
    expect(report.invalid.map((row) => row.row)).toEqual([3, 5]);
    expect(report.invalid[0]?.problems).toEqual([{ field: 'cpf', rule: 'check_digits' }]);
  });

  it('counts problems per field and rule', () => {
    expect(report.problemCounts).toEqual([
      { field: 'cpf', rule: 'check_digits', count: 1 },
      { field: 'email', rule: 'format', count: 1 },
    ]);
  });

  it('keeps every row of a duplicate group, valid or not', () => {
    expect(report.duplicates).toEqual([{ externalID: 'PED-000001', rows: [2, 5] }]);
    expect(report.duplicateRows.map((row) => [row.row, row.problems.length])).toEqual([
      [2, 0],
      [5, 1],
    ]);
  });

  it('gives the requests and the first request of valid rows outside duplicates', () => {
    expect(report.uniqueValidRequests).toMatchObject({
      text: requestLine({ sessionID: session(4), externalID: 'PED-000004', cpf: '04391906066' }),
      count: 1,
    });
    expect(report.firstUniqueValid).toEqual({
      row: 6,
      transaction: { sessionID: session(4), externalID: 'PED-000004', cpf: '04391906066' },
    });
    expect(report.padded).toEqual({ cpf_padded: 1, zip_padded: 0 });
  });

  it('reports progress on long sheets', () => {
    const many: Cell[][] = [rows[0] ?? []];
    for (let n = 0; n < 25_000; n += 1) many.push([text(session(n)), text(`PED-${String(n)}xx`)]);
    const seen: number[] = [];
    const big = checkRows(many, 0, mapping, (done) => seen.push(done));
    expect(seen).toEqual([10_000, 20_000]);
    expect(big.total).toBe(25_000);
    expect(big.invalid).toEqual([]);
    expect(big.uniqueValidRequests.count).toBe(25_000);
    expect(big.uniqueValidRequests.text.split('\n')).toHaveLength(25_000);
  });
});

describe('collectRows', () => {
  it('applies fixes, leaves out excluded rows and keeps invalid ones', () => {
    const fix = { sessionID: session(2), externalID: 'PED-000002', cpf: '529.982.247-25' };
    const collected = collectRows(rows, 0, mapping, new Map([[3, fix]]), new Set([5]));
    expect(collected.map((row) => row.row)).toEqual([2, 3, 6]);
    expect(collected[1]).toEqual({ row: 3, raw: fix, notes: [] });
    expect(collected[2]?.notes).toEqual(['cpf_padded']);
  });
});
