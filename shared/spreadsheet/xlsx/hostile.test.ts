import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../limits';
import { readSpreadsheet } from '../read';
import { checkZip } from '../zip-check';
import { sharedStrings } from './shared-strings';
import { XlsxRefused } from './workbook-xml';

/**
 * Workbooks made to hurt a reader: a cell reference far past Excel's last column, and parts whose
 * tags never close. Each must end with an answer (a problem or rows), not a crash or a hang: a
 * scan that went back over the text for every `<` would take hours on these.
 */
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const office = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

function workbook(parts: { sheet?: string; strings?: string; book?: string }): Uint8Array {
  const sheet =
    parts.sheet ??
    `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="${office}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${office}.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${office}.sharedStrings+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      parts.book ??
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    'xl/sharedStrings.xml': strToU8(
      parts.strings ?? `<sst xmlns="${main}"><si><t>Pedido</t></si></sst>`,
    ),
  });
}

const sheetOf = (rows: string) =>
  `<worksheet xmlns="${main}"><sheetData>${rows}</sheetData></worksheet>`;

describe('hostile workbooks', () => {
  it('refuses a cell past the last column instead of building a row of millions of cells', () => {
    const bytes = workbook({
      sheet: sheetOf(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="ZZZZZZ1" t="s"><v>0</v></c></row>',
      ),
    });
    const read = readSpreadsheet(bytes, 'largo.xlsx');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem.code).toBe('too_many_columns');
    expect(!read.ok && read.problem.message).toContain('Row 1 has 321,272,406 columns');
  });

  it('ends on parts whose tags never close', () => {
    const many = (piece: string) => piece.repeat(200_000);
    const cases = [
      workbook({ strings: `<sst xmlns="${main}">${many('<si><t>x')}` }),
      workbook({ strings: `<sst xmlns="${main}">${many('<si ')}></sst>` }),
      workbook({ book: `<workbook xmlns="${main}"><sheets>${many('<sheet ')}` }),
      workbook({ sheet: sheetOf(many('row>')) }),
      workbook({ sheet: sheetOf(`<row r="1">${many('<c ')}></row>`) }),
      workbook({ sheet: sheetOf(`<row r="1"><c ${many('a')}="1"/></row>`) }),
    ];
    for (const bytes of cases) {
      const read = readSpreadsheet(bytes, 'hostil.xlsx');
      // A problem, or whatever rows could be read: an answer, in time.
      expect(typeof read.ok).toBe('boolean');
    }
  });
});

describe('workbooks found by an attack on the reader', () => {
  const cells = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<row r="${String(i + 1)}"><c><v>${String(i)}</v></c></row>`,
    ).join('');

  it('refuses a table of texts longer than any sheet can use, instead of dying of it', () => {
    const bytes = workbook({ strings: `<sst xmlns="${main}">${'<si/>'.repeat(3000)}</sst>` });
    const zip = checkZip(bytes, resolveLimits());
    if (!zip.ok) throw new Error(zip.problem.message);
    const part = zip.entries.find((entry) => entry.name === 'xl/sharedStrings.xml');
    if (!part) throw new Error('no shared strings');
    expect(sharedStrings(bytes, part, 5000)).toHaveLength(3000);
    expect(() => sharedStrings(bytes, part, 1000)).toThrow(XlsxRefused);
  });

  it('reads a million merged areas after the rows in one pass', () => {
    const merges = Array.from(
      { length: 1_000_000 },
      (_, i) => `<mergeCell ref="A${String(i + 2)}:B${String(i + 2)}"/>`,
    ).join('');
    const bytes = workbook({
      sheet: `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData><mergeCells>${merges}</mergeCells></worksheet>`,
    });
    const read = readSpreadsheet(bytes, 'mescladas.xlsx');
    expect(read.ok && read.value.rows).toEqual([[{ text: 'Pedido', numeric: false }]]);
  });

  it('refuses merged areas piled on the same cells as damaged', () => {
    const rows = Array.from(
      { length: 1000 },
      (_, r) => `<row r="${String(r + 1)}">${'<c><v>1</v></c>'.repeat(100)}</row>`,
    ).join('');
    const bytes = workbook({
      sheet: `<worksheet xmlns="${main}"><sheetData>${rows}</sheetData><mergeCells>${'<mergeCell ref="A1:CV1000"/>'.repeat(30_000)}</mergeCells></worksheet>`,
    });
    const read = readSpreadsheet(bytes, 'mescladas.xlsx');
    expect(!read.ok && read.problem.code).toBe('corrupt');
    expect(!read.ok && read.problem.message).toMatch(/merged cells overlap/);
  });

  it('reads rows unprefixed under a prefixed root, and CDATA as its text', () => {
    const bytes = workbook({
      sheet: `<x:worksheet xmlns:x="${main}" xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[a&b<c]]></t></is></c><c r="B1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>5</v></c></row></sheetData></x:worksheet>`,
      strings: `<sst xmlns="${main}"><si><t><![CDATA[x<y]]> &amp; z</t></si></sst>`,
    });
    const read = readSpreadsheet(bytes, 'misto.xlsx');
    expect(read.ok && read.value.rows.map((row) => row.map((cell) => cell?.text))).toEqual([
      ['a&b<c', 'x<y & z'],
      ['5'],
    ]);
  });

  // Blank rows are not data rows: the sheet has 2 under a limit of 10, and keeps row 50.
  it('reads a row far below the limit on a sparse sheet, never dropping it', () => {
    const bytes = workbook({
      sheet: sheetOf(`${cells(2)}<row r="50"><c r="A50"><v>50</v></c></row>`),
    });
    const read = readSpreadsheet(bytes, 'esparsa.xlsx', { limits: { maxRows: 10 } });
    expect(read.ok && read.value.rows.length).toBe(50);
    expect(read.ok && read.value.rows[49]?.[0]?.text).toBe('50');
    const over = readSpreadsheet(bytes, 'esparsa.xlsx', { limits: { maxRows: 1 } });
    expect(over.ok ? 'read' : over.problem).toMatchObject({ code: 'too_many_rows', found: 2 });
  });

  // SheetJS would drop the row without a word; read up to it, the blank rows would fill memory.
  it("refuses a row past Excel's last rather than drop it", () => {
    for (const row of [
      '<row r="1048577"><c r="A1048577"><v>9</v></c></row>',
      '<row r="3"><c r="A2000000"><v>9</v></c></row>',
    ]) {
      const bytes = workbook({ sheet: sheetOf(`${cells(2)}${row}`) });
      const read = readSpreadsheet(bytes, 'longa.xlsx', { limits: { maxRows: 10 } });
      expect(read.ok ? read.value.rows.length : read.problem.code).toBe('corrupt');
    }
  });
});
