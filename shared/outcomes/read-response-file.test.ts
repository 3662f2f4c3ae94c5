import fc from 'fast-check';
import JSZip from 'jszip';
import { hasUnsafeCharacters } from '../domain/text';
import { describe, expect, it } from 'vitest';
import { outcomes } from '../domain/types';
import type { ResponseVariableRow } from '../domain/types';
import { readResponseFile } from './read-response-file';
import { buildResponseFile } from './response-file';
import { maxUploadBytes } from './types';
import type { ReadResult, ResponseFileKind, ResponseSeparator } from './types';

const rows: ResponseVariableRow[] = [
  { transactionId: 'PED-0001', deviceId: 'dev-1', outcome: 'Suspeito' },
  { transactionId: 'a,b;"c"', deviceId: 'çã€ 🙂', outcome: 'Fraude Confirmada' },
  { transactionId: 'two "quoted" words', deviceId: 'in spaced', outcome: 'Device Positivado' },
];

const utf8 = (text: string) => new TextEncoder().encode(text);

async function zipOf(files: Record<string, string | null>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) {
    if (text === null) zip.folder(name);
    else zip.file(name, text);
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

async function roundTrip(
  draft: ResponseVariableRow[],
  kind: ResponseFileKind,
  separator: ResponseSeparator,
): Promise<ReadResult> {
  const built = await buildResponseFile(draft, { kind, separator, fileName: 'respostas' });
  if (!built.ok) throw new Error(built.problems.map((problem) => problem.message).join(' '));
  return readResponseFile(built.file.bytes, built.file.fileName);
}

/** The messages of a refused read, for compact expectations. */
function messages(bytes: Uint8Array, fileName: string): string[] {
  const read = readResponseFile(bytes, fileName);
  if (read.ok) throw new Error('expected the file to be refused');
  return read.problems.map((problem) => problem.message);
}

describe('readResponseFile round trips', () => {
  for (const kind of ['csv', 'zip'] as const) {
    for (const separator of [',', ';'] as const) {
      it(`reads back a built ${kind} separated by ${separator}`, async () => {
        expect(await roundTrip(rows, kind, separator)).toEqual({ ok: true, rows, separator, kind });
      });
    }
  }

  it('returns the same rows for random awkward ids and device ids', async () => {
    // No control characters: a file holding one is refused (see checkResponseRows).
    const awkward = fc.constantFrom(...'aZ09 ,;"çã€🙂\'=-_/|'.split(/(?:)/u));
    const text = fc.oneof(fc.string({ unit: awkward, minLength: 1, maxLength: 12 }), fc.string());
    // Spaces inside, never around: a cell with spaces around it is refused (`edge_spaces`).
    const value = text.filter((value) => value === value.trim() && !hasUnsafeCharacters(value));
    // An ID is 6 to 64 characters (the externalID's lengths).
    const id = value.map((value) => `PEDIDO-${value}`.slice(0, 64).trimEnd());
    const row = fc.record({
      transactionId: id,
      deviceId: value.filter((value) => value !== ''),
      outcome: fc.constantFrom(...outcomes),
    });
    const file = fc.uniqueArray(row, {
      minLength: 1,
      maxLength: 8,
      selector: (value) => value.transactionId.trim(),
    });
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('csv' as const, 'zip' as const),
        fc.constantFrom(',' as const, ';' as const),
        async (draft, kind, separator) => {
          expect(await roundTrip(draft, kind, separator)).toEqual({
            ok: true,
            rows: draft,
            separator,
            kind,
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('readResponseFile on files made elsewhere', () => {
  it('takes the columns in any order, a byte order mark and LF line ends', () => {
    const text =
      '\ufeffResultado;ID Transacional;DeviceId\nSuspeito;PED-A1;d1\nFraude Confirmada;PED-A2;d2';
    expect(readResponseFile(utf8(text), 'mine.CSV')).toEqual({
      ok: true,
      separator: ';',
      kind: 'csv',
      rows: [
        { transactionId: 'PED-A1', deviceId: 'd1', outcome: 'Suspeito' },
        { transactionId: 'PED-A2', deviceId: 'd2', outcome: 'Fraude Confirmada' },
      ],
    });
  });

  it('finds the one CSV in a zip beside folders and macOS companions', async () => {
    const zip = await zipOf({
      'out/': null,
      'out/respostas.csv': 'ID Transacional,DeviceId,Resultado\r\nPED-A1,d,Suspeito\r\n',
      '__MACOSX/out/._respostas.csv': 'junk',
      'out/._other.csv': 'junk',
    });
    expect(readResponseFile(zip, 'r.zip')).toMatchObject({
      ok: true,
      kind: 'zip',
      rows: [{ transactionId: 'PED-A1', deviceId: 'd', outcome: 'Suspeito' }],
    });
  });

  it('applies the row checks with the line of each row', () => {
    const text =
      'ID Transacional,DeviceId,Resultado\r\nPED-A1,d,Suspeito\r\nPED-A2,,fraude\r\n,,\r\nPED-A1,d,Suspeito\r\n';
    const read = readResponseFile(utf8(text), 'r.csv');
    expect(read).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'missing_device_id', line: 3 }),
        expect.objectContaining({ code: 'invalid_outcome', line: 3, value: 'fraude' }),
        expect.objectContaining({ code: 'missing_transaction_id', line: 4 }),
        expect.objectContaining({ code: 'missing_device_id', line: 4 }),
        expect.objectContaining({ code: 'invalid_outcome', line: 4 }),
        expect.objectContaining({ code: 'duplicate_transaction_id', line: 5, firstLine: 2 }),
      ],
    });
  });

  it('skips wholly empty lines, as the service does, and numbers lines as an editor shows them', () => {
    // A blank line between rows, one before the header, and CR CR LF line ends (Excel on a Mac
    // saving a file a Windows editor wrote): each is an empty line, not a row of empty values.
    const text =
      '\r\nID Transacional,DeviceId,Resultado\r\nPED-A1,d,Suspeito\r\n\r\nPED-A2,d,Suspeito\r\r\nPED-A3,d,Suspeito\r\n';
    expect(readResponseFile(utf8(text), 'r.csv')).toEqual({
      ok: true,
      separator: ',',
      kind: 'csv',
      rows: ['PED-A1', 'PED-A2', 'PED-A3'].map((id) => ({
        transactionId: id,
        deviceId: 'd',
        outcome: 'Suspeito',
      })),
    });
    // Quoted line breaks, blank lines and lone CRs move the line numbers as they move an editor's.
    const quoted =
      '\nID Transacional,DeviceId,Resultado\n"PED-A\nB",d,Suspeito\n\nPED-A1,d,Suspeito\rPED-A1,d,Nope\n';
    expect(readResponseFile(utf8(quoted), 'r.csv')).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'unsafe_value', line: 3 }),
        expect.objectContaining({ code: 'duplicate_transaction_id', line: 7, firstLine: 6 }),
        expect.objectContaining({ code: 'invalid_outcome', line: 7, value: 'Nope' }),
      ],
    });
    // Without a quote mark the quick reader counts the same way.
    const plain = '\nID Transacional,DeviceId,Resultado\n\nPED-A1,d,Suspeito\n\n\nPED-A1,d,Nope\n';
    expect(readResponseFile(utf8(plain), 'r.csv')).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'duplicate_transaction_id', line: 7, firstLine: 4 }),
        expect.objectContaining({ code: 'invalid_outcome', line: 7 }),
      ],
    });
  });
});

describe('readResponseFile refusals', () => {
  const header = 'ID Transacional,DeviceId,Resultado\r\n';

  it('refuses text that is not UTF-8', () => {
    const latin1 = Uint8Array.from([...utf8(header + 'S'), 0xe3, ...utf8('o,d,Suspeito\r\n')]);
    expect(messages(latin1, 'r.csv')).toEqual([
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
    ]);
  });

  it('refuses a header that is not exactly the three columns, once, saying what it found', () => {
    expect(messages(utf8('ID,DeviceId,Resultado\r\nPED-A1,d,Suspeito\r\n'), 'r.csv')).toEqual([
      "Line 1: the header reads 'ID,DeviceId,Resultado' (separated by ,); it must be exactly the columns ID Transacional, DeviceId and Resultado: column 'ID' is not one of them; column ID Transacional is missing.",
    ]);
    // The tester's file: six problems of one header were six identical lines on screen.
    const wrong = readResponseFile(utf8('Pedido;Device;Status\r\nP1;d;Suspeito\r\n'), 'r.csv');
    expect(wrong).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'header', line: 1, value: 'Pedido;Device;Status' }),
      ],
    });
    expect(messages(utf8('ID Transacional,DeviceId,DeviceId\r\n'), 'r.csv')).toEqual([
      "Line 1: the header reads 'ID Transacional,DeviceId,DeviceId' (separated by ,); it must be exactly the columns ID Transacional, DeviceId and Resultado: column DeviceId appears twice; column Resultado is missing.",
    ]);
  });

  it('refuses an extra column, in the header or in a row', () => {
    const extra = 'ID Transacional,DeviceId,Resultado,Nota\r\nPED-A1,d,Suspeito,x\r\n';
    const read = readResponseFile(utf8(extra), 'r.csv');
    expect(read).toEqual({
      ok: false,
      problems: [
        {
          code: 'header',
          line: 1,
          value: 'ID Transacional,DeviceId,Resultado,Nota',
          message:
            "Line 1: the header reads 'ID Transacional,DeviceId,Resultado,Nota' (separated by ,); it must be exactly the columns ID Transacional, DeviceId and Resultado: column 'Nota' is not one of them.",
        },
      ],
    });
    expect(
      messages(utf8(header + 'PED-A1,d,Suspeito\r\nPED-A2,d,Suspeito,x\r\n'), 'r.csv'),
    ).toEqual(['Line 3: has 4 fields; the header has 3.']);
  });

  it('refuses a separator at the end of a line, which the service reads as a fourth field', () => {
    for (const quote of ['', '"']) {
      const text = `${header}PED-A1,d,${quote}Suspeito${quote},\r\nPED-A2,d,Suspeito;\r\n`;
      expect(readResponseFile(utf8(text), 'r.csv')).toEqual({
        ok: false,
        problems: [
          {
            code: 'field_count',
            line: 2,
            value: '4',
            expected: 3,
            message: 'Line 2: has 4 fields; the header has 3.',
          },
          expect.objectContaining({ code: 'invalid_outcome', line: 3, value: 'Suspeito;' }),
        ],
      });
    }
    expect(
      messages(utf8('ID Transacional,DeviceId,Resultado,\r\nPED-A1,d,Suspeito\r\n'), 'r.csv'),
    ).toEqual([
      "Line 1: the header reads 'ID Transacional,DeviceId,Resultado,' (separated by ,); it must be exactly the columns ID Transacional, DeviceId and Resultado: column 4 has no name (does the line end with a separator?).",
    ]);
  });

  it('says a short row once, not as each missing value', () => {
    expect(messages(utf8(header + 'PED-A1,d\r\n   \r\nPED-A3,d,Suspeito\r\n'), 'r.csv')).toEqual([
      'Line 2: has 2 fields; the header has 3.',
      'Line 3: has 1 field; the header has 3.',
    ]);
  });

  it('refuses text after a closing quote mark, as the service does', () => {
    const read = readResponseFile(
      utf8(header + 'PED-A1,d,Suspeito\r\n"PED-A2"junk,d,Suspeito\r\n'),
      'r.csv',
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        {
          code: 'after_quote',
          line: 3,
          value: 'junk',
          message:
            "Line 3: a quoted field is followed by 'junk'; after its closing quote mark comes a separator or the line's end.",
        },
      ],
    });
  });

  it('names spaces or a second byte order mark around a header name', () => {
    const bom = '\uFEFF';
    const twice = utf8(`${bom}${bom}ID Transacional,DeviceId ,Resultado\r\nPED-A1,d,Suspeito\r\n`);
    const read = readResponseFile(twice, 'r.csv');
    expect(read).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ code: 'header_spacing', line: 1, value: 'ID Transacional' }),
        expect.objectContaining({ code: 'header_spacing', line: 1, value: 'DeviceId' }),
      ],
    });
    if (!read.ok)
      expect(read.problems[0]?.message).toBe(
        'Line 1: column ID Transacional has spaces or an invisible character (such as a second byte order mark) around its name.',
      );
  });

  it('refuses a quoted field that never closes', () => {
    const read = readResponseFile(
      utf8(header + 'PED-A1,d,Suspeito\r\n"PED-A2,d,Suspeito\r\n'),
      'r.csv',
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        { code: 'open_quote', line: 3, message: 'Line 3: a quoted field is never closed.' },
      ],
    });
  });

  it('refuses a file without data rows', () => {
    expect(readResponseFile(utf8(header), 'r.csv')).toEqual({
      ok: false,
      problems: [{ code: 'empty', line: 0, message: 'The file has no data rows.' }],
    });
    expect(messages(new Uint8Array(0), 'r.csv')).toEqual(['The file is empty.']);
    expect(messages(utf8('\r\n \r\n'), 'r.csv')).toEqual(['The file is empty.']);
  });

  it('refuses a zip without exactly one CSV', async () => {
    const csv = header + 'PED-A1,d,Suspeito\r\n';
    expect(messages(await zipOf({ 'a.csv': csv, 'b/b.CSV': csv }), 'r.zip')).toEqual([
      'The zip holds 2 CSV files (a.csv, b/b.CSV); it must hold one.',
    ]);
    expect(messages(await zipOf({}), 'r.zip')).toEqual(['The zip holds no CSV file.']);
    expect(messages(await zipOf({ 'notes.txt': csv, 'd/': null }), 'r.zip')).toEqual([
      'The zip holds no CSV file.',
    ]);
  });

  it('refuses what is not a zip, and a zip that would unpack past 50 MB', async () => {
    expect(messages(utf8(header + 'PED-A1,d,Suspeito\r\n'), 'r.zip')).toEqual([
      'The zip archive is damaged or incomplete. Build or copy the file again, then choose it again.',
    ]);
    // Parts under 10 MB are not held to the ratio: only their sum is over the limit.
    const parts = new JSZip();
    for (let part = 0; part < 6; part += 1)
      parts.file(`part-${String(part)}.csv`, new Uint8Array(9 * 1024 * 1024));
    const large = await parts.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    expect(messages(large, 'r.zip')).toEqual([
      'The zip would unpack to 54 MB; a response file may hold at most 50 MB. Split the outcomes into smaller files.',
    ]);
  });

  it('says what is true of a zip bomb and of a zip with thousands of entries', async () => {
    const zip = new JSZip();
    zip.file('big.csv', new Uint8Array(50 * 1024 * 1024 + 1));
    const big = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const [bomb] = messages(big, 'r.zip');
    expect(bomb).toMatch(
      /^An entry of the zip would unpack to [\d,]+ times its packed size \(the limit is 200\): .* it was not opened\. Zip the CSV file again and choose it again\.$/,
    );
    // A small archive of many tiny entries: refused for their number, not for any size.
    const many = new JSZip();
    for (let entry = 0; entry < 20_000; entry += 1) many.file(`${String(entry)}.txt`, 'x');
    const crowded = await many.generateAsync({ type: 'uint8array', compression: 'STORE' });
    expect(crowded.length).toBeLessThan(maxUploadBytes);
    expect(messages(crowded, 'r.zip')).toEqual([
      'The zip holds 20,000 entries (folders count too); the app reads at most 100, and a response-file zip holds one CSV file. Zip only the CSV file and choose it again.',
    ]);
    // The service takes at most 100 entries: one CSV beside 100 other files went, and was refused.
    const beside = new JSZip();
    beside.file('data.csv', 'ID Transacional,DeviceId,Resultado\r\nPED-A1,d,Suspeito\r\n');
    for (let entry = 0; entry < 100; entry += 1) beside.file(`evidence/${String(entry)}.txt`, 'x');
    const crowdedCsv = await beside.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    expect(messages(crowdedCsv, 'r.zip')).toEqual([
      'The zip holds 102 entries (folders count too); the app reads at most 100, and a response-file zip holds one CSV file. Zip only the CSV file and choose it again.',
    ]);
  });

  it('refuses a zip whose headers understate the CSV, without unpacking it', async () => {
    const rows = 'PED-A1,dev-x,Suspeito\r\n'.repeat(200_000);
    const lying = await zipOf({ 'r.csv': header + rows });
    const view = new DataView(lying.buffer, lying.byteOffset);
    const packed = view.getUint32(18, true);
    // Local header and central directory agree on a size far below what the stream unpacks to.
    view.setUint32(22, packed * 2, true);
    const central = lying.findIndex((_, at) => view.getUint32(at, true) === 0x02014b50);
    view.setUint32(central + 24, packed * 2, true);
    expect(messages(lying, 'r.zip')).toEqual([
      'The zip archive is damaged: its CSV does not unpack to the size it declares.',
    ]);
  });

  it('reads a stored (not deflated) CSV, and refuses a password or an unknown method', async () => {
    const csv = header + 'PED-A1,dev-x,Suspeito\r\n';
    const stored = new JSZip();
    stored.file('r.csv', csv);
    const plain = await stored.generateAsync({ type: 'uint8array', compression: 'STORE' });
    expect(readResponseFile(plain, 'r.zip')).toMatchObject({
      ok: true,
      rows: [{ transactionId: 'PED-A1', deviceId: 'dev-x', outcome: 'Suspeito' }],
    });
    /** The zip with the entry's flags or method changed in both its headers. */
    const changed = async (field: 'flags' | 'method', value: number) => {
      const bytes = await zipOf({ 'r.csv': csv });
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      const central = bytes.findIndex((_, at) => view.getUint32(at, true) === 0x02014b50);
      view.setUint16(field === 'flags' ? 6 : 8, value, true);
      view.setUint16(central + (field === 'flags' ? 8 : 10), value, true);
      return bytes;
    };
    // Made by Info-ZIP's `zip -P secret` (stored, with the 12 bytes ZipCrypto adds).
    const infoZip =
      'UEsDBAoACQAAABxzel06fORqQwAAADcAAAAFABwAci5jc3ZVVAkAAzdBCGs4QQhrdXgLAAEEAAAAAAQAAAAAiL7ZQrXQLMd0y8O7Vh+f1ykQ+N9wMZJrB/LNpYgpJ2LRxOVEQEtHIP5CAwr19O0dZydGQvoPZ+pdKmAXUWuLrM9IaVBLBwg6fORqQwAAADcAAABQSwECHgMKAAkAAAAcc3pdOnzkakMAAAA3AAAABQAYAAAAAAABAAAApIEAAAAAci5jc3ZVVAUAAzdBCGt1eAsAAQQAAAAABAAAAABQSwUGAAAAAAEAAQBLAAAAkgAAAAAA';
    expect(
      messages(
        Uint8Array.from(atob(infoZip), (c) => c.charCodeAt(0)),
        'r.zip',
      ),
    ).toEqual([
      'The zip archive is protected by a password. Zip the CSV file again without one and choose it again.',
    ]);
    expect(messages(await changed('flags', 1), 'r.zip')).toEqual([
      'The zip archive is protected by a password. Zip the CSV file again without one and choose it again.',
    ]);
    expect(messages(await changed('method', 14), 'r.zip')).toEqual([
      'The CSV in the zip is packed with a method the app does not read (14). Zip it again with the usual (deflate) compression and choose it again.',
    ]);
  });

  it('refuses a zip named .csv, a CSV over 20 MB and other extensions', async () => {
    const zip = await zipOf({ 'a.csv': header + 'PED-A1,d,Suspeito\r\n' });
    expect(messages(zip, 'r.csv')).toEqual([
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
    ]);
    expect(messages(new Uint8Array(20 * 1024 * 1024 + 1), 'r.csv')).toEqual([
      'The file is larger than 20 MB, the most the app sends.',
    ]);
    expect(messages(utf8(header + 'PED-A1,d,Suspeito\r\n'), 'r.txt')).toEqual([
      'The file name must end in .csv or .zip.',
    ]);
  });
});

describe('a file with a problem on every line', () => {
  it('lists 200,000 problems without overflowing the call stack', () => {
    const text = 'ID Transacional,DeviceId,Resultado\r\n' + 'A,d,Legítimo\r\n'.repeat(200_000);
    const read = readResponseFile(utf8(text), 'r.csv');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.length).toBeGreaterThanOrEqual(200_000);
  });
});
