import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-stream';
import { streamCsv } from './csv-stream';
import { resolveLimits } from './limits';

const encoder = new TextEncoder();

/** CSV-ish text: fields of awkward characters, quotes, delimiters and line ends of every kind. */
const csvText = fc
  .array(
    fc.oneof(
      fc.constantFrom(';', ',', '\t', '"', '""', '\r\n', '\n', '\r', ' ', 'sep=;\n'),
      fc.constantFrom('Pedido', 'CPF', '0123', 'ção', '12345678901', 'x'.repeat(12)),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('streamCsv', () => {
  it('gives the rows, encoding and delimiter readCsv gives, or the same refusal', () => {
    fc.assert(
      fc.property(
        csvText,
        fc.record({
          maxRows: fc.integer({ min: 1, max: 8 }),
          maxColumns: fc.integer({ min: 1, max: 6 }),
          maxCellChars: fc.integer({ min: 3, max: 20 }),
        }),
        (text, overrides) => {
          const limits = resolveLimits(overrides);
          const bytes = encoder.encode(text);
          const whole = readCsv(bytes, limits);
          const stream = streamCsv(bytes, limits);
          if (!whole.ok) {
            expect(stream).toEqual(whole);
            return;
          }
          if (!stream.ok) throw new Error(`streamCsv refused: ${stream.problem.message}`);
          expect([...stream.value.rows()]).toEqual(whole.value.rows);
          // Asked twice, the rows come twice.
          expect([...stream.value.rows()]).toEqual(whole.value.rows);
          expect(stream.value.top).toEqual(whole.value.rows.slice(0, 20));
          expect(stream.value.encoding).toBe(whole.value.encoding);
          expect(stream.value.delimiter).toBe(whole.value.delimiter);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('readCsv', () => {
  it('keeps the header and rows below more blank lines than the row limit', () => {
    const read = readCsv(
      encoder.encode('\n\n\n\nPedido;Sessão\nA-1;s1\n'),
      resolveLimits({ maxRows: 1 }),
    );
    expect(read.ok && read.value.rows.map((row) => row.map((cell) => cell?.text ?? null))).toEqual([
      [],
      [],
      [],
      [],
      ['Pedido', 'Sessão'],
      ['A-1', 's1'],
    ]);
  });
});

describe('readCsv and blank lines', () => {
  const texts = (rows: Array<Array<{ text: string } | null>>) =>
    rows.map((row) => row.map((cell) => cell?.text ?? null));

  it('keeps every row of a file within the limit, however many blank lines it has', () => {
    const blanks = '\n'.repeat(300);
    const read = readCsv(
      encoder.encode(`Pedido;Sessão\nA-1;s1${blanks}A-2;s2${blanks}A-3;s3\n`),
      resolveLimits({ maxRows: 3 }),
    );
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.rows).toHaveLength(602);
    expect(texts(read.value.rows.filter((row) => row.length > 0))).toEqual([
      ['Pedido', 'Sessão'],
      ['A-1', 's1'],
      ['A-2', 's2'],
      ['A-3', 's3'],
    ]);
  });

  it('refuses more lines than a sheet holds, blank ones included, rather than hold them', () => {
    const read = readCsv(
      encoder.encode(`Pedido\nA-1${'\n'.repeat(1_048_700)}A-2\n`),
      resolveLimits({ maxRows: 3 }),
    );
    expect(read.ok ? 'read' : read.problem).toMatchObject({
      code: 'too_large',
      found: 1_048_702,
      limit: 1_048_677,
      message: expect.stringMatching(
        /^The file has 1,048,702 lines, blank ones included;/,
      ) as unknown,
    });
  });
});
