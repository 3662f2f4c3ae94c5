import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkResponseRows, confirmRows } from './response-checks';
import type { DraftResponseRow } from './types';

const row = (
  transactionId: string | null,
  deviceId: string | null,
  outcome: string | null,
): DraftResponseRow => ({ transactionId, deviceId, outcome });

describe('checkResponseRows', () => {
  it('passes complete rows', () => {
    expect(
      checkResponseRows([
        row('A1', 'dev-1', 'Suspeito'),
        row('A2', 'dev-1', 'Fraude Confirmada'),
        row('A3', 'dev-2', 'Device Positivado'),
      ]),
    ).toEqual([]);
  });

  it('refuses a file without rows, on line 0', () => {
    expect(checkResponseRows([])).toEqual([
      { code: 'empty', line: 0, message: 'The file has no data rows.' },
    ]);
  });

  it('names the line of a missing transaction id (header = line 1)', () => {
    expect(
      checkResponseRows([
        row('A1', 'dev-1', 'Suspeito'),
        row('A2', 'dev-2', 'Suspeito'),
        row(null, 'dev-3', 'Suspeito'),
        row('  ', 'dev-4', 'Suspeito'),
      ]),
    ).toEqual([
      { code: 'missing_transaction_id', line: 4, message: 'Line 4: ID Transacional is empty.' },
      { code: 'missing_transaction_id', line: 5, message: 'Line 5: ID Transacional is empty.' },
    ]);
  });

  it('names the line of a missing DeviceId', () => {
    expect(checkResponseRows([row('A1', 'dev-1', 'Suspeito'), row('A2', '', 'Suspeito')])).toEqual([
      { code: 'missing_device_id', line: 3, message: 'Line 3: DeviceId is empty.' },
    ]);
    expect(checkResponseRows([row('A1', null, 'Suspeito')])[0]?.line).toBe(2);
  });

  it('refuses a control, direction or invisible character in an id, which would break the file or hide itself', () => {
    const problems = checkResponseRows([
      row('A1', 'dev\u0000C\r\n,"x', 'Suspeito'),
      row('A\t2', 'dev-2', 'Suspeito'),
      row('A3', 'dev\u202E3', 'Suspeito'),
      row('PED\u200B4', 'dev-4', 'Suspeito'),
      row('A5', 'dev\u00AD5', 'Suspeito'),
    ]);
    expect(problems.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: 'unsafe_value', line: 2 },
      { code: 'unsafe_value', line: 3 },
      { code: 'unsafe_value', line: 4 },
      { code: 'unsafe_value', line: 5 },
      { code: 'unsafe_value', line: 6 },
    ]);
    expect(problems[0]?.message).toBe(
      'Line 2: DeviceId "dev\\u0000C\\r\\n,\\"x" holds a control, direction or invisible character (U+0000, U+000D, U+000A).',
    );
    // The zero-width space is shown escaped, not printed invisibly as `"PED4"`.
    expect(problems[3]?.message).toBe(
      'Line 5: ID Transacional "PED\\u200b4" holds a control, direction or invisible character (U+200B).',
    );
    expect(confirmRows([row('A1', 'dev\n1', 'Suspeito')]).ok).toBe(false);
  });

  it("refuses a transaction id in Excel's exponent form: its digits were lost when it was saved", () => {
    const problems = checkResponseRows([
      row('1.23457E+19', 'dev-1', 'Suspeito'),
      row('1e10', 'dev-2', 'Suspeito'),
      row('A3', '1.2E+5', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'digits_lost',
        line: 2,
        value: '1.23457E+19',
        message:
          "Line 2: ID Transacional '1.23457E+19' is in the exponent form Excel shows long numbers in: the ID's other digits are lost. Build the file again in the app, or format the column as Text in Excel before saving.",
      },
    ]);
    expect(confirmRows([row('1.23457E+19', 'dev-1', 'Suspeito')]).ok).toBe(false);
    // As Excel shows it in Portuguese, with a decimal comma.
    expect(checkResponseRows([row('1,23457E+19', 'dev-1', 'Suspeito')])).toEqual([
      expect.objectContaining({ code: 'digits_lost', line: 2, value: '1,23457E+19' }),
    ]);
  });

  it('refuses a transaction id or DeviceId that is an Excel error, not a value', () => {
    const problems = checkResponseRows([
      row('#N/A', 'dev-1', 'Suspeito'),
      row('A2', '#REF!', 'Suspeito'),
      row('PED-#N/A', 'dev-3', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'excel_error',
        line: 2,
        value: '#N/A',
        message:
          "Line 2: ID Transacional '#N/A' is an Excel error (a formula that failed), not a value. Correct the formula or the cell, then build the file again.",
      },
      {
        code: 'excel_error',
        line: 3,
        value: '#REF!',
        message:
          "Line 3: DeviceId '#REF!' is an Excel error (a formula that failed), not a value. Correct the formula or the cell, then build the file again.",
      },
    ]);
    expect(confirmRows([row('A1', '#NAME?', 'Suspeito')]).ok).toBe(false);
  });

  it('accepts only the three outcomes spelt exactly', () => {
    const problems = checkResponseRows([
      row('A1', 'd', 'Suspeito'),
      row('A2', 'd', 'fraude'),
      row('A3', 'd', 'suspeito'),
      row('A4', 'd', ' Suspeito'),
      row('A5', 'd', null),
      row('A6', 'd', ''),
    ]);
    expect(problems).toEqual([
      {
        code: 'invalid_outcome',
        line: 3,
        value: 'fraude',
        message:
          "Line 3: Resultado 'fraude' is not one of Suspeito, Fraude Confirmada, Device Positivado.",
      },
      {
        code: 'invalid_outcome',
        line: 4,
        value: 'suspeito',
        message:
          "Line 4: Resultado 'suspeito' is not one of Suspeito, Fraude Confirmada, Device Positivado.",
      },
      {
        code: 'invalid_outcome',
        line: 5,
        value: ' Suspeito',
        message:
          "Line 5: Resultado ' Suspeito' is not one of Suspeito, Fraude Confirmada, Device Positivado.",
      },
      { code: 'invalid_outcome', line: 6, message: 'Line 6: Resultado is empty.' },
      { code: 'invalid_outcome', line: 7, message: 'Line 7: Resultado is empty.' },
    ]);
  });

  it('names a repeated transaction id with the line it first appears on', () => {
    const problems = checkResponseRows([
      row('X', 'd', 'Suspeito'),
      row('A1', 'd', 'Suspeito'),
      row('B', 'd', 'Suspeito'),
      row('C', 'd', 'Suspeito'),
      row('D', 'd', 'Suspeito'),
      row('E', 'd', 'Suspeito'),
      row('F', 'd', 'Suspeito'),
      row('A1', 'e', 'Fraude Confirmada'),
      row('A1 ', 'f', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'duplicate_transaction_id',
        line: 9,
        value: 'A1',
        firstLine: 3,
        message: "Line 9: ID Transacional 'A1' repeats line 3.",
      },
      {
        code: 'duplicate_transaction_id',
        line: 10,
        value: 'A1 ',
        firstLine: 3,
        message: "Line 10: ID Transacional 'A1 ' repeats line 3.",
      },
    ]);
  });

  it('compares ids case-sensitively: the service treats them as opaque', () => {
    expect(checkResponseRows([row('a1', 'd', 'Suspeito'), row('A1', 'd', 'Suspeito')])).toEqual([]);
  });

  it('reports several problems at once, in line order', () => {
    const problems = checkResponseRows([
      row('A1', 'd', 'Suspeito'),
      row(null, null, 'x'),
      row('A1', '', 'Suspeito'),
    ]);
    expect(problems.map((problem) => [problem.line, problem.code])).toEqual([
      [3, 'missing_transaction_id'],
      [3, 'missing_device_id'],
      [3, 'invalid_outcome'],
      [4, 'duplicate_transaction_id'],
      [4, 'missing_device_id'],
    ]);
  });
});

describe('confirmRows', () => {
  it('gives the rows as the file carries them when they pass', () => {
    expect(confirmRows([row(' A1', 'dev ', 'Suspeito')])).toEqual({
      ok: true,
      rows: [{ transactionId: ' A1', deviceId: 'dev ', outcome: 'Suspeito' }],
    });
  });

  it('gives the problems otherwise', () => {
    expect(confirmRows([row('A1', 'd', 'nope')])).toMatchObject({
      ok: false,
      problems: [{ code: 'invalid_outcome', line: 2 }],
    });
  });
});

describe('the quick check and the detailed one', () => {
  it('agree on every file: refused by one, a problem named by the other', () => {
    const value = fc.constantFrom(
      null,
      '',
      ' ',
      'A1',
      ' A1',
      'A1 ',
      'a1',
      '#N/A',
      '  #GETTING_DATA  ',
      '          #CONNECT!',
      '1.23457E+19',
      ' 1E+10 ',
      'dev\n1',
      'x\u202Ey',
      'Suspeito',
      'Fraude Confirmada',
      'Legítima',
    );
    const draft = fc.record({ transactionId: value, deviceId: value, outcome: value });
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 6 }), (rows) => {
        const quick = confirmRows(rows).ok;
        expect(quick).toBe(checkResponseRows(rows).length === 0);
      }),
      { numRuns: 3000 },
    );
  });
});
