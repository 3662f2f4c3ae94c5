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
        row('PED-A1', 'dev-1', 'Suspeito'),
        row('PED-A2', 'dev-1', 'Fraude Confirmada'),
        row('PED-A3', 'dev-2', 'Device Positivado'),
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
        row('PED-A1', 'dev-1', 'Suspeito'),
        row('PED-A2', 'dev-2', 'Suspeito'),
        row(null, 'dev-3', 'Suspeito'),
        row('  ', 'dev-4', 'Suspeito'),
      ]),
    ).toEqual([
      { code: 'missing_transaction_id', line: 4, message: 'Line 4: ID Transacional is empty.' },
      { code: 'missing_transaction_id', line: 5, message: 'Line 5: ID Transacional is empty.' },
    ]);
  });

  it('names the line of a missing DeviceId', () => {
    expect(
      checkResponseRows([row('PED-A1', 'dev-1', 'Suspeito'), row('PED-A2', '', 'Suspeito')]),
    ).toEqual([{ code: 'missing_device_id', line: 3, message: 'Line 3: DeviceId is empty.' }]);
    expect(checkResponseRows([row('PED-A1', null, 'Suspeito')])[0]?.line).toBe(2);
  });

  it('refuses a control, direction or invisible character in an id, which would break the file or hide itself', () => {
    const problems = checkResponseRows([
      row('PED-A1', 'dev\u0000C\r\n,"x', 'Suspeito'),
      row('PED-A\t2', 'dev-2', 'Suspeito'),
      row('PED-A3', 'dev\u202E3', 'Suspeito'),
      row('PED-A\u200B4', 'dev-4', 'Suspeito'),
      row('PED-A5', 'dev\u00AD5', 'Suspeito'),
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
      'Line 5: ID Transacional "PED-A\\u200b4" holds a control, direction or invisible character (U+200B).',
    );
    expect(confirmRows([row('PED-A1', 'dev\n1', 'Suspeito')]).ok).toBe(false);
  });

  it("refuses a transaction id in Excel's exponent form: its digits were lost when it was saved", () => {
    const problems = checkResponseRows([
      row('1.23457E+19', 'dev-1', 'Suspeito'),
      row('00001e10', 'dev-2', 'Suspeito'),
      row('PED-A3', '1.2E+5', 'Suspeito'),
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
      row('PED-A2', '#REF!', 'Suspeito'),
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
    expect(confirmRows([row('PED-A1', '#NAME?', 'Suspeito')]).ok).toBe(false);
  });

  it('accepts only the three outcomes spelt exactly', () => {
    const problems = checkResponseRows([
      row('PED-A1', 'd', 'Suspeito'),
      row('PED-A2', 'd', 'fraude'),
      row('PED-A3', 'd', 'suspeito'),
      row('PED-A4', 'd', ' Suspeito'),
      row('PED-A5', 'd', null),
      row('PED-A6', 'd', ''),
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
      row('PED-0X', 'd', 'Suspeito'),
      row('PED-A1', 'd', 'Suspeito'),
      row('PED-0B', 'd', 'Suspeito'),
      row('PED-0C', 'd', 'Suspeito'),
      row('PED-0D', 'd', 'Suspeito'),
      row('PED-0E', 'd', 'Suspeito'),
      row('PED-0F', 'd', 'Suspeito'),
      row('PED-A1', 'e', 'Fraude Confirmada'),
      row('PED-A1 ', 'f', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'duplicate_transaction_id',
        line: 9,
        value: 'PED-A1',
        firstLine: 3,
        message: "Line 9: ID Transacional 'PED-A1' repeats line 3.",
      },
      {
        code: 'duplicate_transaction_id',
        line: 10,
        value: 'PED-A1 ',
        firstLine: 3,
        message: "Line 10: ID Transacional 'PED-A1 ' repeats line 3.",
      },
      expect.objectContaining({ code: 'edge_spaces', line: 10 }),
    ]);
  });

  it('refuses a transaction id outside 6 to 64 characters, the externalID the service was asked with', () => {
    const problems = checkResponseRows([
      row('TX-001', 'dev-1', 'Suspeito'),
      row('TX-01', 'dev-2', 'Suspeito'),
      row('T'.repeat(64), 'dev-3', 'Suspeito'),
      row('T'.repeat(65), 'dev-4', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'transaction_id_length',
        line: 3,
        value: 'TX-01',
        message:
          "Line 3: ID Transacional 'TX-01' has 5 characters; the service takes an ID of 6 to 64 characters (the externalID the transaction was asked with).",
      },
      expect.objectContaining({ code: 'transaction_id_length', line: 5, value: 'T'.repeat(65) }),
    ]);
    expect(confirmRows([row('TX-01', 'dev-1', 'Suspeito')]).ok).toBe(false);
  });

  it('refuses a DeviceId longer than the app takes from an answer', () => {
    const problems = checkResponseRows([
      row('TX-001', 'd'.repeat(128), 'Suspeito'),
      row('TX-002', 'd'.repeat(129), 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'device_id_length',
        line: 3,
        value: 'd'.repeat(129),
        message:
          'Line 3: DeviceId has 129 characters; a device ID has at most 128 (the longest the app takes from the service).',
      },
    ]);
    expect(confirmRows([row('TX-002', 'd'.repeat(129), 'Suspeito')]).ok).toBe(false);
  });

  it('refuses spaces around an ID or a DeviceId: the file must carry what was checked and recorded', () => {
    const problems = checkResponseRows([
      row(' TX-001', 'dev-1', 'Suspeito'),
      row('TX-002', 'dev-2 ', 'Suspeito'),
      row('TX-003', 'dev-3', 'Suspeito'),
      row('TX-004\u00a0', 'dev-4', 'Suspeito'),
    ]);
    expect(problems).toEqual([
      {
        code: 'edge_spaces',
        line: 2,
        value: ' TX-001',
        message:
          "Line 2: ID Transacional ' TX-001' has spaces at its start or end: remove them, so the service gets the ID as it was checked.",
      },
      expect.objectContaining({ code: 'edge_spaces', line: 3, value: 'dev-2 ' }),
      expect.objectContaining({ code: 'edge_spaces', line: 5, value: 'TX-004\u00a0' }),
    ]);
    expect(confirmRows([row(' TX-001', 'dev-1', 'Suspeito')]).ok).toBe(false);
    expect(confirmRows([row('TX-001', 'dev-1 ', 'Suspeito')]).ok).toBe(false);
  });

  it('compares ids case-sensitively: the service treats them as opaque', () => {
    expect(
      checkResponseRows([row('ped-a1', 'd', 'Suspeito'), row('PED-A1', 'd', 'Suspeito')]),
    ).toEqual([]);
  });

  it('reports several problems at once, in line order', () => {
    const problems = checkResponseRows([
      row('PED-A1', 'd', 'Suspeito'),
      row(null, null, 'x'),
      row('PED-A1', '', 'Suspeito'),
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
    expect(confirmRows([row('PED-A1', 'dev-1', 'Suspeito')])).toEqual({
      ok: true,
      rows: [{ transactionId: 'PED-A1', deviceId: 'dev-1', outcome: 'Suspeito' }],
    });
  });

  it('gives the problems otherwise', () => {
    expect(confirmRows([row('PED-A1', 'd', 'nope')])).toMatchObject({
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
      'TX-001',
      ' TX-001',
      'TX-001 ',
      'tx-001',
      'd'.repeat(129),
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
