import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../limits';
import { readSpreadsheet } from '../read';
import { readSheet } from '../sheet';
import type { Cell } from '../types';
import { checkZip } from '../zip-check';
import { readXlsx } from './read-xlsx';

/**
 * Workbooks as other writers make them (the .NET Open XML SDK's `x:` prefix, inline strings,
 * rich text with phonetic guides, cells without references), built by hand.
 */
const officeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The content types of a workbook with these parts (SheetJS finds the parts by them). */
function contentTypes(parts: string[]): string {
  const types: Record<string, string> = {
    'xl/workbook.xml': 'sheet.main+xml',
    'xl/worksheets/sheet1.xml': 'worksheet+xml',
    'xl/sharedStrings.xml': 'sharedStrings+xml',
    'xl/styles.xml': 'styles+xml',
  };
  return (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    parts
      .filter((part) => types[part] !== undefined)
      .map((part) => `<Override PartName="/${part}" ContentType="${officeType}.${types[part]}"/>`)
      .join('') +
    '</Types>'
  );
}
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function workbookZip(parts: { sheet: string; strings?: string; styles?: string; book?: string }) {
  const files: Record<string, Uint8Array> = {
    '_rels/.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      parts.book ??
        `<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><x:sheets><x:sheet name="Pedidos &amp; mais" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(parts.sheet),
  };
  if (parts.strings) files['xl/sharedStrings.xml'] = strToU8(parts.strings);
  if (parts.styles) files['xl/styles.xml'] = strToU8(parts.styles);
  files['[Content_Types].xml'] = strToU8(contentTypes(Object.keys(files)));
  return zipSync(files);
}

const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const texts = (rows: Cell[][]) => rows.map((row) => row.map((cell) => cell?.text ?? null));
const limits = resolveLimits();

function fastRows(bytes: Uint8Array, within = limits): Array<Array<string | null>> {
  const zip = checkZip(bytes, within);
  if (!zip.ok) throw new Error(zip.problem.message);
  const read = readXlsx(bytes, zip.entries, undefined, within);
  if (read === undefined) throw new Error('the xlsx reader gave the file to SheetJS');
  if (!read.ok) throw new Error(read.problem.message);
  return texts(read.value.rows);
}

function sheetJsRows(bytes: Uint8Array): Array<Array<string | null>> {
  const read = readSheet(bytes, undefined, limits);
  if (!read.ok) throw new Error(read.problem.message);
  return texts(read.value.rows);
}

describe('readXlsx on hand-made workbooks', () => {
  it('reads prefixed elements, inline and rich strings, built-in date styles and bare cells', () => {
    const bytes = workbookZip({
      sheet:
        `<x:worksheet ${ns}><x:sheetData>` +
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t xml:space="preserve"> CPF </x:t></x:is></x:c></x:row>' +
        '<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c s="1"><x:v>45658.5</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c></x:row>' +
        '<x:row r="4"><x:c r="B4" t="e"><x:v>#N/A</x:v></x:c><x:c r="D4" t="str"><x:f>A1</x:f><x:v>R$ 1,5 &lt;x&gt;</x:v></x:c></x:row>' +
        '</x:sheetData><x:mergeCells count="0"/></x:worksheet>',
      strings:
        `<x:sst ${ns}><x:si><x:t>Pedido</x:t></x:si>` +
        '<x:si><x:r><x:rPr><x:b/></x:rPr><x:t>Ped</x:t></x:r><x:r><x:t>ido_x0031_</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ペ</x:t></x:rPh></x:si></x:sst>',
      styles: `<x:styleSheet ${ns}><x:cellXfs count="2"><x:xf numFmtId="0"/><x:xf numFmtId="14" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>`,
    });
    const expected = [
      ['Pedido', null, ' CPF '],
      ['Pedido1', '2025-01-01 12:00:00', 'TRUE'],
      [],
      [null, '#N/A', null, 'R$ 1,5 <x>'],
    ];
    expect(fastRows(bytes)).toEqual(expected);
    expect(sheetJsRows(bytes)).toEqual(expected);
  });

  it('counts the rows past the limit without reading them, as the SheetJS reader does', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>P${i}</t></is></c></row>`,
    ).join('');
    const bytes = workbookZip({
      sheet: `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:A30"/><sheetData>${rows}</sheetData></worksheet>`,
      book: `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    });
    const small = resolveLimits({ maxRows: 10 });
    const zip = checkZip(bytes, small);
    if (!zip.ok) throw new Error('zip');
    const read = readXlsx(bytes, zip.entries, undefined, small);
    expect(read).toEqual(readSheet(bytes, undefined, small));
    expect(read?.ok).toBe(false);
    expect(!read?.ok && read?.problem.message).toContain('29 data rows');
  });

  it('leaves ISO date cells to SheetJS, and the file still reads', () => {
    const bytes = workbookZip({
      sheet: `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="d"><x:v>2025-01-02T00:00:00Z</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>x</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    const zip = checkZip(bytes, limits);
    expect(zip.ok && readXlsx(bytes, zip.entries, undefined, limits)).toBeUndefined();
    const read = readSpreadsheet(bytes, 'datas.xlsx');
    expect(read.ok && texts(read.value.rows)).toEqual([['2025-01-02', 'x']]);
  });

  it('reads an ISO date cell as a date, with or without a date style (SheetJS alone gives a serial)', () => {
    // SheetJS cellDates, openpyxl iso_dates and strict OOXML store dates so; an ID column of them
    // must be held back as one of date-formatted serials is (date-cells.ts).
    const cells =
      '<x:c r="A1" t="d"><x:v>2023-03-15T10:30:00</x:v></x:c>' +
      '<x:c r="B1" t="d"><x:v>2023-03-15T23:30:00Z</x:v></x:c>' +
      '<x:c r="C1" t="d" s="1"><x:v>2023-03-15T00:00:00</x:v></x:c>' +
      '<x:c r="D1" t="d" s="2"><x:v>2023-03-15</x:v></x:c>' +
      '<x:c r="E1" t="d"><x:v>10:30:00</x:v></x:c>';
    const bytes = workbookZip({
      sheet: `<x:worksheet ${ns}><x:sheetData><x:row r="1">${cells}</x:row></x:sheetData></x:worksheet>`,
      styles:
        `<x:styleSheet ${ns}><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></x:numFmts>` +
        '<x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="14" applyNumberFormat="1"/><x:xf numFmtId="164" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>',
    });
    const read = readSpreadsheet(bytes, 'datas.xlsx');
    expect(read.ok && read.value.rows[0]).toEqual([
      { text: '2023-03-15 10:30:00', numeric: false, date: '2023-03-15 10:30:00' },
      { text: '2023-03-15 23:30:00', numeric: false, date: '2023-03-15 23:30:00' },
      { text: '2023-03-15', numeric: false, date: '2023-03-15' },
      { text: '2023-03-15', numeric: false, date: '15/03/2023' },
      { text: '10:30:00', numeric: false, date: '10:30:00' },
    ]);
  });

  it('marks a formula saved without its value, in its own reader and when SheetJS reads the file', () => {
    // openpyxl, SheetJS and report generators write formulas with no cached value: the cell is
    // not empty, its value was never computed.
    const cells =
      '<x:c r="A2" t="str"><x:f>TEXT(1234567890,"00000000000")</x:f></x:c>' +
      '<x:c r="B2"><x:f>1+1</x:f></x:c>' +
      '<x:c r="C2" t="str"><x:f>IF(1,"","x")</x:f><x:v></x:v></x:c>' +
      '<x:c r="D2" t="str"><x:f t="shared" si="0"/></x:c>' +
      '<x:c r="E2" t="str"><x:f>"a"&amp;"b"</x:f><x:v>ab</x:v></x:c>';
    const expected = [
      { text: '=TEXT(1234567890,"00000000000")', numeric: false, formula: true },
      { text: '=1+1', numeric: false, formula: true },
      null,
      { text: '=', numeric: false, formula: true },
      { text: 'ab', numeric: false },
    ];
    const plain = workbookZip({
      sheet: `<x:worksheet ${ns}><x:sheetData><x:row r="2">${cells}</x:row></x:sheetData></x:worksheet>`,
    });
    const zip = checkZip(plain, limits);
    const read = zip.ok ? readXlsx(plain, zip.entries, undefined, limits) : undefined;
    expect(read?.ok && read.value.rows[1]).toEqual(expected);
    // An ISO date cell hands the file to SheetJS, which cannot tell such a cell from an empty one.
    const dated = workbookZip({
      sheet: `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="d"><x:v>2025-01-02T00:00:00Z</x:v></x:c></x:row><x:row r="2">${cells}</x:row></x:sheetData></x:worksheet>`,
    });
    const fallback = readSpreadsheet(dated, 'datas.xlsx');
    expect(fallback.ok && fallback.value.rows[1]).toEqual(expected);
  });
});
