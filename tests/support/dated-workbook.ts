/**
 * A one-sheet xlsx (`Pedidos`) written by hand, with an ISO date cell (`t="d"`) in its data rows:
 * the app's own xlsx reader leaves such a sheet to SheetJS, so these files test that path. Other
 * writers than Excel may leave out the `<dimension>` element or keep a stale one; `dimension` says
 * which (none by default).
 */
import { strToU8, zipSync } from 'fflate';

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const office = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const text = (ref: string, value: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

/** The header row: `Pedido | Sessão | Data`. */
export const datedHeader = `<row r="1">${text('A1', 'Pedido')}${text('B1', 'Sessão')}${text('C1', 'Data')}</row>`;

/** Row `r`: `PED<r as 6 digits> | sess-<r as 8 digits>-abcdefabcdef | 2026-01-01` (an ISO cell). */
export function datedRow(r: number): string {
  const session = `sess-${String(r).padStart(8, '0')}-abcdefabcdef`;
  return (
    `<row r="${r}">${text(`A${r}`, `PED${String(r).padStart(6, '0')}`)}${text(`B${r}`, session)}` +
    `<c r="C${r}" t="d"><v>2026-01-01T00:00:00</v></c></row>`
  );
}

/** The workbook with `rows` (`<row>` elements) after the header, and `dimension` if given. */
export function datedWorkbook(rows: string, dimension?: string): Uint8Array {
  const dim = dimension === undefined ? '' : `<dimension ref="${dimension}"/>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="${office}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${office}.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Pedidos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet xmlns="${main}">${dim}<sheetData>${datedHeader}${rows}</sheetData></worksheet>`,
    ),
  });
}
