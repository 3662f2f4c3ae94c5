import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responseRecords } from './response-records';
import type { ResponseSeparator } from './types';
import { hasLoneCr, unquotedDrafts, unquotedHeader } from './unquoted-rows';

/** Text without quote marks, with runs of separators, blank lines and both line ends. */
const text = fc
  .array(
    fc.constantFrom('a', 'B', '7', ' ', ',', ';', '\r\n', '\n', 'ç', '-', '🙂', ',,', '\n\n'),
    {
      maxLength: 60,
    },
  )
  .map((units) => units.join(''));

describe('unquoted records', () => {
  it('reads what responseRecords reads, as drafts, for any columns', () => {
    const columns = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3));
    fc.assert(
      fc.property(
        text,
        fc.constantFrom<ResponseSeparator>(',', ';'),
        columns,
        (input, separator, [id, device, outcome]) => {
          const read = responseRecords(input, separator);
          if (!read.ok) throw new Error('a text without quote marks is always read');
          const [header = { line: 1, fields: [] }, ...records] = read.records;
          const head = unquotedHeader(input, separator);
          expect({ line: head.line, fields: head.header }).toEqual(header);
          const width = header.fields.length;
          const fitting = records.filter((record) => record.fields.length === width);
          const expected = {
            drafts: fitting.map(({ fields }) => ({
              transactionId: fields[id] ?? null,
              deviceId: fields[device] ?? null,
              outcome: fields[outcome] ?? null,
            })),
            lines: fitting.map((record) => record.line),
            misfits: records
              .filter((record) => record.fields.length !== width)
              .map((record) => ({ line: record.line, fields: record.fields.length })),
          };
          const at = { id, device, outcome };
          expect(unquotedDrafts(input, separator, head.next, head.line + 1, at, width)).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('tells a CR alone from a CR LF', () => {
    expect(hasLoneCr('a\r\nb\r\n')).toBe(false);
    expect(hasLoneCr('a\rb')).toBe(true);
    expect(hasLoneCr('a\r\nb\r')).toBe(true);
    expect(hasLoneCr('')).toBe(false);
  });

  it('reads a file with separators only in its header', () => {
    // A search for the next separator that ran to the end for every line would take minutes
    // here (the test's timeout), not a fraction of a second.
    const input = 'ID Transacional,DeviceId,Resultado\n' + 'x\n'.repeat(200_000);
    const { next } = unquotedHeader(input, ',');
    const { misfits } = unquotedDrafts(input, ',', next, 2, { id: 0, device: 1, outcome: 2 }, 3);
    expect(misfits).toHaveLength(200_000);
  });
});
