/**
 * An ID cell Excel shows as a date. A column of order numbers formatted as dates by mistake
 * stores 45000 and shows 15/03/2023; neither is the ID the analyst meant, and sending
 * `2023-03-15` quietly would never match the merchant's records. The row is held back as a row
 * whose ID lost digits is, naming the cell and what Excel shows, from both readers: our own for
 * xlsx and SheetJS for xls. A date stored as ISO text (`<c t="d">`, as SheetJS cellDates, openpyxl
 * iso_dates and strict OOXML write it) is one too, with no date style to tell.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-date-ids-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

interface Output {
  row: number;
  externalID: string | null;
  status: string;
  messages: string[] | null;
}

function workbook(bookType: 'xlsx' | 'biff8', name: string): string {
  const [a, b] = [sampleTransaction(1), sampleTransaction(2)];
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão'],
    [45000, a.sessionID],
    [b.externalID, b.sessionID],
  ]);
  sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  writeFileSync(work.file(name), XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
  return work.file(name);
}

describe('dcdesk bulk with an ID cell Excel shows as a date', () => {
  it.each([
    ['xlsx', 'xlsx', 'pedidos.xlsx'],
    ['xls', 'biff8', 'pedidos.xls'],
  ] as const)(
    '%s: names the cell and what Excel shows, and does not send the row',
    async (_, type, name) => {
      const input = workbook(type, name);
      const out = work.file(`${name}.json`);
      const run = await dcdesk([
        'bulk',
        input,
        '--output',
        out,
        '--data-dir',
        work.dir,
        '--base-url',
        sandbox.url,
      ]);
      expect(run.stderr).toContain(
        'dcdesk: warning: row 2, column A (External ID): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not sent.',
      );
      expect(run.stderr).toMatch(/format the column as Text in Excel/i);
      expect(run.code, run.stderr).toBe(4);
      const output = JSON.parse(readFileSync(out, 'utf8')) as Output[];
      expect(output.map((record) => [record.row, record.status])).toEqual([
        [2, 'invalid'],
        [3, expect.stringMatching(/^(ok|no_content)$/)],
      ]);
      expect(output[0]?.messages?.[0]).toMatch(/^External ID: the cell is a date/);
    },
  );
});

/** A workbook whose cells are ISO date cells (`D:` values, no style) or inline text. */
function isoDateWorkbook(name: string, rows: string[][]): string {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const cell = (ref: string, value: string) =>
    value.startsWith('D:')
      ? `<c r="${ref}" t="d"><v>${value.slice(2)}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const data = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((v, c) => cell(`${'AB'[c]}${r + 1}`, v)).join('')}</row>`,
    )
    .join('');
  const office = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const zip = zipSync({
    '[Content_Types].xml': strToU8(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${office}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${office}.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Pedidos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet xmlns="${ns}"><sheetData>${data}</sheetData></worksheet>`,
    ),
  });
  writeFileSync(work.file(name), zip);
  return work.file(name);
}

describe('dcdesk bulk with ID cells stored as ISO dates', () => {
  it('holds the rows back as dates, never sending the Excel serial', async () => {
    const [a, b] = [sampleTransaction(1), sampleTransaction(2)];
    const input = isoDateWorkbook('iso-dates.xlsx', [
      ['externalID', 'sessionID'],
      ['D:2023-03-15T10:30:00', a.sessionID],
      [b.externalID, 'D:2023-03-15T10:30:00'],
      ['D:2023-03-15T23:30:00Z', sampleTransaction(3).sessionID],
      [sampleTransaction(4).externalID, sampleTransaction(4).sessionID],
    ]);
    const out = work.file('iso-dates.json');
    const run = await dcdesk([
      'bulk',
      input,
      '--output',
      out,
      '--data-dir',
      work.dir,
      '--base-url',
      sandbox.url,
    ]);
    expect(run.stderr).toContain(
      'dcdesk: warning: row 2, column A (External ID): the cell is a date (2023-03-15 10:30:00), not an ID. The row is not sent.',
    );
    expect(run.stderr).toContain(
      'row 3, column B (Session ID): the cell is a date (2023-03-15 10:30:00)',
    );
    expect(run.stderr).toContain(
      'row 4, column A (External ID): the cell is a date (2023-03-15 23:30:00)',
    );
    expect(run.stderr).not.toMatch(/more than 15 digits/);
    const output = JSON.parse(readFileSync(out, 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, 'invalid'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(JSON.stringify(output)).not.toContain('45000');
  });
});

describe('dcdesk outcomes import with a transaction ID cell Excel shows as a date', () => {
  it.each([
    ['xlsx', 'xlsx', 'casos.xlsx'],
    ['xls', 'biff8', 'casos.xls'],
  ] as const)(
    '%s: names the cell and what Excel shows, and does not match the row as the date',
    async (_, bookType, name) => {
      const sheet = XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Resultado'],
        [45000, 'Suspeito'],
        [sampleTransaction(2).externalID, 'Suspeito'],
      ]);
      sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Casos');
      writeFileSync(work.file(name), XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
      const run = await dcdesk([
        'outcomes',
        'import',
        work.file(name),
        '--dry-run',
        '--json',
        '--data-dir',
        work.dir,
      ]);
      expect(run.stderr).toContain(
        'dcdesk: warning: row 2, column A (Pedido): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not applied.',
      );
      expect(run.stderr).toMatch(/format the column as Text in Excel/i);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as {
        rowsWhoseIdIsADate: unknown[];
        report: { notFound: Array<{ transactionId: string }> };
      };
      expect(report.rowsWhoseIdIsADate).toEqual([
        { row: 2, column: 'A', shown: '15/03/2023', transactionId: '2023-03-15' },
      ]);
      expect(report.report.notFound.map((issue) => issue.transactionId)).not.toContain(
        '2023-03-15',
      );
    },
  );
});
