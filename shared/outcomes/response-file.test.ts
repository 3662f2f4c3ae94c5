import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildResponseFile, previewResponseFile } from './response-file';
import type { BuiltResponseFile, DraftResponseRow } from './types';
import { fflateDeflater, type Deflater } from './zip-one';

const rows: DraftResponseRow[] = [
  { transactionId: 'PED-0001', deviceId: 'dev-0000000000000000000a', outcome: 'Suspeito' },
  { transactionId: 'Pedido, "São João"', deviceId: 'dev;2', outcome: 'Fraude Confirmada' },
  { transactionId: 'say "hi"', deviceId: 'dév-ç', outcome: 'Device Positivado' },
];

const expectedCsv =
  'ID Transacional,DeviceId,Resultado\r\n' +
  'PED-0001,dev-0000000000000000000a,Suspeito\r\n' +
  '"Pedido, ""São João""",dev;2,Fraude Confirmada\r\n' +
  '"say ""hi""",dév-ç,Device Positivado\r\n';

async function built(
  draft: DraftResponseRow[],
  options: Parameters<typeof buildResponseFile>[1],
): Promise<BuiltResponseFile> {
  const result = await buildResponseFile(draft, options);
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join(' '));
  return result.file;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('buildResponseFile over the most the app sends', () => {
  it('builds no file, and says how big it would be and that a zip is smaller', async () => {
    const result = await buildResponseFile(rows, { kind: 'csv', fileName: 'big', maxBytes: 100 });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          code: 'too_large',
          line: 0,
          value: '0.0',
          message:
            'The file would be 0.0 MB, more than the 20 MB the app sends: build it as a zip, or send fewer rows.',
        },
      ],
    });
    const zip = await buildResponseFile(rows, { kind: 'zip', fileName: 'big', maxBytes: 100 });
    expect(zip.ok || zip.problems[0]?.message).toMatch(/send fewer rows \(one batch/);
    expect((await buildResponseFile(rows, { kind: 'csv', fileName: 'big' })).ok).toBe(true);
  });
});

describe('buildResponseFile of a CSV past the most', () => {
  it('stops writing as soon as the CSV passes it, and tells the size from the lines written', async () => {
    // 2,000 lines of 149 bytes (the longest DeviceId taken) after a 36-byte header: 298,036 bytes.
    const long: DraftResponseRow[] = Array.from({ length: 2000 }, (_, n) => ({
      transactionId: `PED-${String(n).padStart(5, '0')}`,
      deviceId: 'd'.repeat(128),
      outcome: 'Suspeito',
    }));
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    const result = await buildResponseFile(long, {
      kind: 'csv',
      fileName: 'big',
      rowsPerTurn: 100,
      maxBytes: 60_000,
    });
    const encoded = encode.mock.calls.length;
    encode.mockRestore();
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'too_large', value: '0.3' }] });
    // The header and 5 pieces of 100 lines (74,536 bytes), not the 20 pieces of the whole file.
    expect(encoded).toBeLessThanOrEqual(6);
  });
});

describe('buildResponseFile as CSV', () => {
  it('writes UTF-8 without a byte order mark, separated by , by default', async () => {
    const file = await built(rows, { kind: 'csv', fileName: 'respostas' });
    expect(file.fileName).toBe('respostas.csv');
    expect(file.kind).toBe('csv');
    expect(file.mimeType).toBe('text/csv');
    expect(new TextDecoder().decode(file.bytes)).toBe(expectedCsv);
    expect(Array.from(file.bytes.subarray(0, 3))).toEqual([0x49, 0x44, 0x20]); // "ID ", no BOM
    // "São" as UTF-8: S, then C3 A3 for ã, then o.
    const sao = Array.from(new TextEncoder().encode('São'));
    expect(sao).toEqual([0x53, 0xc3, 0xa3, 0x6f]);
    expect(indexOfBytes(file.bytes, sao)).toBeGreaterThan(0);
    expect(file.bytes.length).toBe(new TextEncoder().encode(expectedCsv).length);
  });

  it('separates with ; on request', async () => {
    const file = await built(rows, { kind: 'csv', separator: ';', fileName: 'x' });
    expect(new TextDecoder().decode(file.bytes)).toBe(
      'ID Transacional;DeviceId;Resultado\r\n' +
        'PED-0001;dev-0000000000000000000a;Suspeito\r\n' +
        '"Pedido, ""São João""";"dev;2";Fraude Confirmada\r\n' +
        '"say ""hi""";dév-ç;Device Positivado\r\n',
    );
  });

  it('replaces any extension and any folder of the given name', async () => {
    expect((await built(rows, { kind: 'csv', fileName: 'a.ZIP' })).fileName).toBe('a.csv');
    expect((await built(rows, { kind: 'zip', fileName: 'C:\\out\\a.csv' })).fileName).toBe('a.zip');
    expect((await built(rows, { kind: 'csv', fileName: '.csv' })).fileName).toBe(
      'variaveis-resposta.csv',
    );
  });

  it('carries the rows and a preview of exactly what it holds', async () => {
    const file = await built(rows, { kind: 'csv', fileName: 'x' });
    expect(file.rows).toEqual(rows);
    expect(file.preview).toEqual({
      total: 3,
      counts: { Suspeito: 1, 'Fraude Confirmada': 1, 'Device Positivado': 1 },
      firstRows: rows,
      sizeBytes: file.bytes.length,
      formulaLike: { count: 0, lines: [] },
    });
  });

  it('builds nothing while there are problems, and lists them all', async () => {
    const result = await buildResponseFile(
      [...rows, { transactionId: 'PED-0001', deviceId: null, outcome: 'fraud' }],
      { kind: 'csv', fileName: 'x' },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'duplicate_transaction_id', line: 5, firstLine: 2 }),
        expect.objectContaining({ code: 'missing_device_id', line: 5 }),
        expect.objectContaining({ code: 'invalid_outcome', line: 5, value: 'fraud' }),
      ],
    });
    expect(await buildResponseFile([], { kind: 'zip', fileName: 'x' })).toEqual({
      ok: false,
      problems: [{ code: 'empty', line: 0, message: 'The file has no data rows.' }],
    });
  });
});

describe('buildResponseFile of many rows', () => {
  it('writes the CSV a piece at a time, other work running between pieces, to the same bytes', async () => {
    const many: DraftResponseRow[] = Array.from({ length: 7 }, (_, n) => ({
      transactionId: `PED-00${String(n)}`,
      deviceId: `dev;${String(n)}`,
      outcome: 'Suspeito',
    }));
    const whole = await built(many, { kind: 'csv', fileName: 'inteiro' });
    const order: string[] = [];
    const building = built(many, { kind: 'csv', fileName: 'pedacos', rowsPerTurn: 2 }).then(
      (file) => {
        order.push('built');
        return file;
      },
    );
    setTimeout(() => order.push('other work'), 0);
    expect((await building).bytes).toEqual(whole.bytes);
    expect(order).toEqual(['other work', 'built']);
  });
});

describe('buildResponseFile as zip', () => {
  it('holds one deflated entry <stem>.csv with the same CSV text', async () => {
    const file = await built(rows, { kind: 'zip', separator: ';', fileName: 'lote-7.csv' });
    expect(file.fileName).toBe('lote-7.zip');
    expect(file.mimeType).toBe('application/zip');
    expect(file.preview.sizeBytes).toBe(file.bytes.length);
    const zip = await JSZip.loadAsync(file.bytes);
    expect(Object.keys(zip.files)).toEqual(['lote-7.csv']);
    const csv = await built(rows, { kind: 'csv', separator: ';', fileName: 'lote-7' });
    expect(await zip.file('lote-7.csv')!.async('uint8array')).toEqual(csv.bytes);
    // Compression method in the local header (offset 8): 8 = deflate.
    expect(new DataView(file.bytes.buffer, file.bytes.byteOffset).getUint16(8, true)).toBe(8);
  });

  it('deflates the CSV with the deflater given, a piece at a time as it is written', async () => {
    const pieces: string[] = [];
    const deflater: Deflater = () => {
      const inner = fflateDeflater();
      return {
        push(piece) {
          pieces.push(new TextDecoder().decode(piece));
          inner.push(piece);
        },
        end: () => inner.end(),
      };
    };
    const file = await built(rows, { kind: 'zip', fileName: 'z', rowsPerTurn: 2, deflater });
    expect(pieces).toEqual([
      'ID Transacional,DeviceId,Resultado\r\n',
      expectedCsv.split('\r\n').slice(1, 3).join('\r\n') + '\r\n',
      '"say ""hi""",dév-ç,Device Positivado\r\n',
    ]);
    expect(file.bytes).toEqual((await built(rows, { kind: 'zip', fileName: 'z' })).bytes);
  });

  it('gives the same bytes for the same rows, whatever the time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-02T03:04:05Z'));
    const first = await built(rows, { kind: 'zip', fileName: 'same' });
    vi.setSystemTime(new Date('2031-07-08T09:10:11Z'));
    const second = await built(rows, { kind: 'zip', fileName: 'same' });
    expect(second.bytes).toEqual(first.bytes);
    const other = await built(rows.slice(1), { kind: 'zip', fileName: 'same' });
    expect(other.bytes).not.toEqual(first.bytes);
  });
});

describe('previewResponseFile', () => {
  it('names the lines whose ID Excel would run as a formula, which the file carries unchanged', async () => {
    const risky = [
      { transactionId: 'PED-0001', deviceId: 'd1', outcome: 'Suspeito' as const },
      { transactionId: '=HYPERLINK("x")', deviceId: 'd2', outcome: 'Suspeito' as const },
      { transactionId: 'PED-0003', deviceId: '+d3', outcome: 'Suspeito' as const },
      { transactionId: '-400000', deviceId: 'd4', outcome: 'Suspeito' as const },
    ];
    expect(previewResponseFile(risky, 1).formulaLike).toEqual({ count: 3, lines: [3, 4, 5] });
    const file = await built(risky, { kind: 'csv', fileName: 'x' });
    expect(new TextDecoder().decode(file.bytes)).toContain('=HYPERLINK(""x"")');
  });

  it('names the lines a spreadsheet splitting on the other separator would run', () => {
    // Excel in Portuguese splits a `,` file on `;` (and one in English a `;` file on `,`).
    const risky = [
      { transactionId: "pedido;=cmd|' /C calc'!A0;", deviceId: 'd1', outcome: 'Suspeito' as const },
      { transactionId: 'PED-0002', deviceId: 'dev,@SUM(1)', outcome: 'Suspeito' as const },
      { transactionId: 'PED;0003', deviceId: 'dev, -1', outcome: 'Suspeito' as const },
    ];
    expect(previewResponseFile(risky, 1).formulaLike).toEqual({ count: 2, lines: [2, 3] });
  });

  it('counts every outcome, zeros included, and keeps the first rows', () => {
    const many = Array.from({ length: 25 }, (_, index) => ({
      transactionId: `T${index}`,
      deviceId: 'd',
      outcome: index % 5 === 0 ? ('Suspeito' as const) : ('Fraude Confirmada' as const),
    }));
    const preview = previewResponseFile(many, 1234);
    expect(preview.total).toBe(25);
    expect(preview.counts).toEqual({
      Suspeito: 5,
      'Fraude Confirmada': 20,
      'Device Positivado': 0,
    });
    expect(preview.firstRows).toEqual(many.slice(0, 10));
    expect(preview.sizeBytes).toBe(1234);
    expect(previewResponseFile(many, 1, 3).firstRows).toHaveLength(3);
    expect(previewResponseFile([], 0).counts).toEqual({
      Suspeito: 0,
      'Fraude Confirmada': 0,
      'Device Positivado': 0,
    });
  });
});

function indexOfBytes(haystack: Uint8Array, needle: number[]): number {
  outer: for (let at = 0; at + needle.length <= haystack.length; at += 1) {
    for (let index = 0; index < needle.length; index += 1) {
      if (haystack[at + index] !== needle[index]) continue outer;
    }
    return at;
  }
  return -1;
}
