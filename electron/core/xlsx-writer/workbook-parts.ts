import { escapeText } from './sheet-xml';

/** The fixed parts of an xlsx package around its sheets (ECMA-376, the parts Excel requires). */

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const sheetPath = (index: number) => `xl/worksheets/sheet${String(index + 1)}.xml`;

export function contentTypes(sheets: number): string {
  const overrides = Array.from(
    { length: sheets },
    (_, index) =>
      `<Override PartName="/${sheetPath(index)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`;
}

export const rootRelationships = `${xmlHead}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

export function workbook(sheetNames: readonly string[]): string {
  const sheets = sheetNames
    .map(
      (name, index) =>
        `<sheet name="${escapeText(name).replace(/"/g, '&quot;')}" sheetId="${String(index + 1)}" r:id="rId${String(index + 1)}"/>`,
    )
    .join('');
  return `${xmlHead}<workbook xmlns="${main}" xmlns:r="${relationships}"><sheets>${sheets}</sheets></workbook>`;
}

export function workbookRelationships(sheets: number): string {
  const list = Array.from(
    { length: sheets },
    (_, index) =>
      `<Relationship Id="rId${String(index + 1)}" Type="${relationships}/worksheet" Target="worksheets/sheet${String(index + 1)}.xml"/>`,
  ).join('');
  return `${xmlHead}<Relationships xmlns="${packageRelationships}">${list}<Relationship Id="rId${String(sheets + 1)}" Type="${relationships}/styles" Target="styles.xml"/></Relationships>`;
}

/** The number format of the date cells (`dateStyle` below), Excel's first free custom id. */
const dateFormatId = 164;

/**
 * The smallest style sheet Excel accepts (one font, fill, border and cell format), and a second
 * cell format, `dateStyle`, that shows a date serial with `dateFormat` (`dd/mm/yyyy hh:mm:ss`).
 */
export function styles(dateFormat: string): string {
  const numFmts = `<numFmts count="1"><numFmt numFmtId="${String(dateFormatId)}" formatCode="${escapeText(dateFormat).replace(/"/g, '&quot;')}"/></numFmts>`;
  const xfs = `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="${String(dateFormatId)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>`;
  return `${xmlHead}<styleSheet xmlns="${main}">${numFmts}<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>${xfs}</styleSheet>`;
}
