import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responseRecords } from './read-response-file';
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
          const [header = [], ...records] = responseRecords(input, separator).rows;
          const read = unquotedHeader(input, separator);
          expect(read.header).toEqual(header);
          const width = header.length;
          const expected = records.map((cells) => ({
            transactionId: cells[id] ?? null,
            deviceId: cells[device] ?? null,
            outcome: cells[outcome] ?? null,
          }));
          const wide = records.flatMap((cells, record) =>
            cells.length > width ? [{ record, fields: cells.length }] : [],
          );
          expect(
            unquotedDrafts(input, separator, read.next, { id, device, outcome }, width),
          ).toEqual({ drafts: expected, wide });
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
    const { drafts } = unquotedDrafts(input, ',', next, { id: 0, device: 1, outcome: 2 }, 3);
    expect(drafts).toHaveLength(200_000);
  });
});
