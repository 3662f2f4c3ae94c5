import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readResponseFile } from '../../shared/outcomes/read-response-file';
import { parseResponseVariables } from './csv';

/**
 * The app's check of a response file before it is sent says what the service would say, sooner:
 * a file the check passes, the sandbox (the service as this product knows it) must take, with
 * the same rows. The check may refuse more (a repeated ID, an outcome with spaces around it).
 * DeviceIds are left out: the sandbox knows the ones it issued, the app asks its history.
 */

const devices = ['dev-0123456789abcdef0123', 'dev-aaaaaaaaaaaaaaaaaaaa'];
const values = fc.constantFrom(
  'PED-1',
  'PED-2',
  ' PED-3 ',
  ...devices,
  'Suspeito',
  'Fraude Confirmada',
  '',
  ' ',
  '"PED-4"',
  '"PED ""5"""',
  '"P\nED-6"',
  '"PED-7"x',
  'PED"8',
  '"dev-0123456789abcdef0123"',
  '"Suspeito"',
);
const header = fc.constantFrom(
  ['ID Transacional', 'DeviceId', 'Resultado'],
  ['Resultado', 'ID Transacional', 'DeviceId'],
  ['"ID Transacional"', 'DeviceId', '"Resultado"'],
  ['ID Transacional', 'DeviceId', 'Resultado', ''],
  ['ID Transacional ', 'DeviceId', 'Resultado'],
);
const lineEnd = fc.constantFrom('\n', '\r\n', '\r', '\n\n', '\r\r\n');
/** A row: three fields most of the time, sometimes two or four. */
const row = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(values, values, values) },
  { weight: 1, arbitrary: fc.array(values, { minLength: 1, maxLength: 4 }) },
);
const file = fc.record({
  bom: fc.boolean(),
  lead: fc.constantFrom('', '\n', '\r\n'),
  separator: fc.constantFrom(',', ';'),
  header,
  rows: fc.array(fc.tuple(row, lineEnd), { maxLength: 6 }),
  end: fc.constantFrom('', '\n', '\r\n'),
});

describe('the response-file check and the sandbox', () => {
  it('pass the same files: every file the check passes, the sandbox takes, row for row', () => {
    fc.assert(
      fc.property(file, ({ bom, lead, separator, header, rows, end }) => {
        const text =
          (bom ? '\uFEFF' : '') +
          lead +
          header.join(separator) +
          '\r\n' +
          rows.map(([cells, ending]) => cells.join(separator) + ending).join('') +
          end;
        const bytes = Buffer.from(text, 'utf8');
        const checked = readResponseFile(bytes, 'r.csv');
        // The sandbox also refuses a DeviceId it could not have issued; the app asks its history.
        if (!checked.ok || checked.rows.some((one) => !devices.includes(one.deviceId.trim())))
          return;
        expect(parseResponseVariables(bytes)).toEqual({
          ok: true,
          rows: checked.rows.map((checkedRow) => ({
            ...checkedRow,
            transactionId: checkedRow.transactionId.trim(),
            deviceId: checkedRow.deviceId.trim(),
          })),
        });
      }),
      { numRuns: 4000 },
    );
  });

  it('refuse a separator at a line end and text after a closing quote alike', () => {
    const head = 'ID Transacional,DeviceId,Resultado\r\n';
    for (const body of [`A1,${devices[0]},Suspeito,\r\n`, `"A1"x,${devices[0]},Suspeito\r\n`]) {
      const bytes = Buffer.from(head + body, 'utf8');
      expect(readResponseFile(bytes, 'r.csv').ok).toBe(false);
      expect(parseResponseVariables(bytes).ok).toBe(false);
    }
  });
});
