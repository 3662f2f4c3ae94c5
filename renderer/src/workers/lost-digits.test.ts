import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../shared/spreadsheet/types';
import { effectiveReport, listedRows } from '../features/import/effective-report';
import { requestLine } from '../../../shared/contract/request-lines';
import { checkRows, collectRows } from './check-rows';

const text = (value: string): Cell => ({ text: value, numeric: false });
/** A workbook number of 20 digits, as the reader gives it. */
const lost = (value: string): Cell => ({ text: value, numeric: true, lostDigits: true });
const session = (n: number) => `session-${String(n).padStart(16, '0')}`;
const mapping = { sessionID: 0, externalID: 1 };
const rows: Cell[][] = [
  [text('Sessão'), text('Pedido')],
  [text(session(1)), lost('12345678901234567000')],
  [text(session(2)), text('PED-000002')],
];

describe('a row whose ID Excel stored with more than 15 digits', () => {
  const base = checkRows(rows, 0, mapping);
  const listed = listedRows(base);
  const none = { fixes: new Map(), excluded: new Set<number>() };

  it('is listed as a row with a problem, not sent as valid', () => {
    expect(base.invalid.map((row) => [row.row, row.problems])).toEqual([
      [2, [{ field: 'externalID', rule: 'digits_lost' }]],
    ]);
    expect(base.uniqueValidRequests).toMatchObject({
      text: requestLine({ sessionID: session(2), externalID: 'PED-000002' }),
      count: 1,
    });
    expect(effectiveReport(base, listed, none).totals).toMatchObject({ valid: 1, invalid: 1 });
  });

  it('stays held back when the fix leaves the ID as read, and goes once it is typed again', () => {
    const same = new Map([[2, { sessionID: session(1), externalID: '12345678901234567000' }]]);
    const unchanged = effectiveReport(base, listed, { ...none, fixes: same });
    expect(unchanged.totals).toMatchObject({ valid: 1, invalid: 1 });
    const [kept] = collectRows(rows, 0, mapping, same, new Set());
    expect(kept?.notes).toEqual(['digits_lost:externalID']);

    const typed = new Map([[2, { sessionID: session(1), externalID: '12345678901234567890' }]]);
    expect(effectiveReport(base, listed, { ...none, fixes: typed }).totals).toMatchObject({
      valid: 2,
      invalid: 0,
      fixed: 1,
    });
    const [sent] = collectRows(rows, 0, mapping, typed, new Set());
    expect(sent).toEqual({ row: 2, raw: typed.get(2), notes: [] });
  });
});
