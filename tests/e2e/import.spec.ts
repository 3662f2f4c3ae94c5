import * as XLSX from 'xlsx';
import { tallCsv, zipBomb } from '../support/bad-fixtures';
import { cpfFrom, sampleTransaction } from '../support/transactions';
import { expect, screenshot, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Windows-1252 bytes, as Excel on a Brazilian workstation saves "CSV (separado por ponto e vírgula)". */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '–': 0x96, '“': 0x93, '”': 0x94 };
  return Buffer.from(Array.from(text, (char) => special[char] ?? char.charCodeAt(0)));
}

const t = (n: number) => sampleTransaction(n);
const formatted = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const zeroCpf = cpfFrom('012345678');

/**
 * Row 2 a CPF with wrong check digits, row 3 a CPF that lost its leading zero, row 4 a bad phone,
 * row 5 valid and formatted, row 6 a duplicate of row 5's external ID.
 */
const messyCsv = windows1252(
  [
    'Pedido;Sessão;CPF;E-mail;Celular;CEP;Observação',
    `${t(1).externalID};${t(1).sessionID};123.456.789-00;joao.silva@exemplo.com.br;+55 (11) 98765-4321;01310-100;Ação – “teste” €`,
    `${t(2).externalID};${t(2).sessionID};${zeroCpf.slice(1)};;(21) 99876-5432;1310100;`,
    `${t(3).externalID};${t(3).sessionID};;;12345;;`,
    `${t(4).externalID};${t(4).sessionID};${formatted(t(4).cpf ?? '')};;;;`,
    `${t(4).externalID};${t(5).sessionID};;;;;`,
  ].join('\r\n'),
);

async function total(page: Page, name: string) {
  return page.getByTestId(`total-${name}`).locator('dd').getAttribute('data-value');
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('import-file-input').setInputFiles({ name, mimeType, buffer });
}

test('a messy Brazilian CSV: every problem shown, one row fixed inline, one excluded', async ({
  page,
  app: _app,
}) => {
  await upload(page, 'pedidos.csv', 'text/csv', messyCsv);
  await expect(page.getByTestId('import-totals')).toBeVisible();
  await expect(page.getByTestId('file-summary')).toContainText('pedidos.csv');
  await expect(page.getByText(/Windows-1252/)).toBeVisible();
  expect(await total(page, 'rows')).toBe('5');
  expect(await total(page, 'valid')).toBe('3');
  expect(await total(page, 'invalid')).toBe('2');
  expect(await total(page, 'duplicates')).toBe('1');
  expect(await total(page, 'padded')).toBe('2');
  await expect(page.getByTestId('problem-row-4')).toContainText(/Phone/);
  await expect(page.getByTestId('problem-row-2')).toContainText('CPF: check digits do not match');
  // Personal data is masked until asked for.
  await expect(page.getByTestId('problem-row-2')).not.toContainText('123.456.789-00');
  // Row 2 cannot be sent, so the preview shows row 3, its CPF's leading zero restored but masked.
  const preview = page.getByTestId('request-preview');
  await expect(preview).toContainText(`"externalID": "${t(2).externalID}"`);
  await expect(preview).not.toContainText(zeroCpf);
  // Masked in the shape it is sent, digits only: never the display's "***.345.678-**".
  await expect(preview).toContainText(`"cpf": "***${zeroCpf.slice(3, 9)}**"`);
  await expect(preview).toContainText('"zipCode": "01310***"');
  await expect(preview).toContainText('"number": "*****5432"');
  await screenshot(page, 'import-report');

  const fixedCpf = cpfFrom('111444777');
  await page.getByTestId('edit-row-2').click();
  await page.getByTestId('row-editor').getByTestId('editor-cpf').fill(formatted(fixedCpf));
  await expect(page.getByTestId('editor-apply')).toBeEnabled();
  await screenshot(page, 'import-fix-row');
  await page.getByTestId('editor-apply').click();
  await expect(page.getByTestId('total-fixed').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await total(page, 'invalid')).toBe('1');
  expect(await total(page, 'valid')).toBe('4');
  await expect(preview).toContainText(`"externalID": "${t(1).externalID}"`);

  await page.getByTestId('exclude-row-4').click();
  await expect(page.getByTestId('total-excluded').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await total(page, 'invalid')).toBe('0');
  await page.getByTestId('exclude-later-duplicates').click();
  await expect(page.getByTestId('total-excluded').locator('dd')).toHaveAttribute('data-value', '2');

  await page.getByTestId('show-personal-data').check();
  await expect(preview).toContainText(`"cpf": "${fixedCpf}"`);
  await expect(preview).toContainText('"number": "987654321"');
  await screenshot(page, 'import-after-fixes');
});

test('a zip bomb and a file over the row limit are refused with clear messages', async ({
  page,
  app: _app,
}) => {
  // The corpus's own generators (tests/support/bad-fixtures.ts); bad-inputs.spec.ts gives every
  // other bad file of the corpus to this screen.
  const bombBytes = await zipBomb();
  await upload(
    page,
    'bomba.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bombBytes,
  );
  await expect(page.getByTestId('read-problem')).toHaveAttribute('data-code', 'zip_bomb');
  await expect(page.getByTestId('read-problem')).toContainText(/unpack|compress/i);
  await screenshot(page, 'import-zip-bomb');

  await upload(page, 'grande.csv', 'text/csv', tallCsv(1_048_577));
  await expect(page.getByTestId('read-problem')).toHaveAttribute('data-code', 'too_many_rows');
  await expect(page.getByTestId('read-problem')).toContainText('1,048,577');
  await expect(page.getByTestId('read-problem')).toContainText('1,048,576');
  await screenshot(page, 'import-too-many-rows');
});

test('a character lost in decoding and a control character in an ID are both shown, by cell and by row', async ({
  page,
  app: _app,
}) => {
  // Marked UTF-8, but "ã" saved as the Windows-1252 byte 0xE3; row 3's external ID holds an ESC.
  const csv = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(`Pedido;Sessão;Nome\r\n${t(1).externalID};${t(1).sessionID};Jo`),
    Buffer.from([0xe3]),
    Buffer.from(`o\r\norder-\u001b[31m-2;${t(2).sessionID};Ana\r\n`),
  ]);
  await upload(page, 'quebrado.csv', 'text/csv', csv);
  await expect(page.getByTestId('replaced-characters')).toContainText(
    'or not at all): C2 (1 in all)',
  );
  await expect(page.getByTestId('problem-row-3')).toContainText(/External ID.*control characters/);
});

test('an ID Excel stored as a number of more than 15 digits holds its row back until typed again', async ({
  page,
  app: _app,
}) => {
  const book = XLSX.utils.book_new();
  // Typed as a number: the double it becomes has lost the last digits.
  const typed = Number('12345678901234567890');
  const rows = [
    ['Pedido', 'Sessão'],
    [typed, t(1).sessionID],
    [t(2).externalID, t(2).sessionID],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await upload(page, 'pedidos.xlsx', xlsxType, bytes);
  await expect(page.getByTestId('import-totals')).toBeVisible();
  expect(await total(page, 'invalid')).toBe('1');
  expect(await total(page, 'valid')).toBe('1');
  const row = page.getByTestId('problem-row-2');
  await expect(row).toContainText('12345678901234567000');
  await expect(row).toContainText(
    /External ID: Excel stored it as a number of more than 15 digits/,
  );
  await expect(page.getByTestId('lost-digits')).toContainText('format the column as Text');

  await page.getByTestId('edit-row-2').click();
  await expect(page.getByTestId('editor-apply')).toBeDisabled();
  await page
    .getByTestId('row-editor')
    .getByTestId('editor-externalID')
    .fill('12345678901234567890');
  await page.getByTestId('editor-apply').click();
  await expect(page.getByTestId('total-fixed').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await total(page, 'invalid')).toBe('0');
  await expect(page.getByTestId('lost-digits')).toHaveCount(0);
});

test('an Excel error cell holds its row back, and hidden rows are said to be imported', async ({
  page,
  app: _app,
}) => {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão'],
    ['x', t(1).sessionID],
    [t(2).externalID, t(2).sessionID],
    [t(3).externalID, t(3).sessionID],
  ]);
  sheet.A2 = { t: 'e', v: 0x1d, f: 'PROCV(Z2;Z:Z;2;0)' }; // #NAME?
  sheet['!rows'] = [undefined, undefined, { hidden: true }, { hidden: true }] as XLSX.RowInfo[];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await upload(page, 'pedidos.xlsx', xlsxType, bytes);
  await expect(page.getByTestId('import-totals')).toBeVisible();
  expect(await total(page, 'invalid')).toBe('1');
  expect(await total(page, 'valid')).toBe('2');
  await expect(page.getByTestId('problem-row-2')).toContainText(
    /External ID: the cell holds an Excel error/,
  );
  await expect(page.getByTestId('error-cells')).toContainText('1 row is held back');
  await expect(page.getByTestId('hidden-rows')).toContainText(
    '2 rows are hidden in Excel (a filter or hidden rows); they are imported like the others.',
  );
});

test('a session ID merged over two rows: the second row says where the value is, until typed', async ({
  page,
  app: _app,
}) => {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão'],
    [t(1).externalID, t(1).sessionID],
    [t(2).externalID, null],
    [t(3).externalID, t(3).sessionID],
  ]);
  sheet['!merges'] = [{ s: { r: 1, c: 1 }, e: { r: 2, c: 1 } }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await upload(page, 'pedidos.xlsx', xlsxType, bytes);
  await expect(page.getByTestId('import-totals')).toBeVisible();
  expect(await total(page, 'invalid')).toBe('1');
  expect(await total(page, 'valid')).toBe('2');
  await expect(page.getByTestId('problem-row-3')).toContainText(
    'Session ID: the cell is empty — B3 is part of the merged cells B2:B3, whose value is on row 2; unmerge them in Excel and fill in each row',
  );
  await expect(page.getByTestId('problem-summary')).toContainText(
    'Session ID: the cell is empty — it is part of merged cells',
  );

  await page.getByTestId('edit-row-3').click();
  await page.getByTestId('row-editor').getByTestId('editor-sessionID').fill(t(2).sessionID);
  await page.getByTestId('editor-apply').click();
  await expect(page.getByTestId('total-fixed').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await total(page, 'invalid')).toBe('0');
});

test('a workbook’s hidden sheets are marked in the sheet list', async ({ page, app: _app }) => {
  const book = XLSX.utils.book_new();
  for (const name of ['Rascunho', 'Pedidos', 'Segredo'])
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Sessão'],
        [t(1).externalID, t(1).sessionID],
      ]),
      name,
    );
  book.Workbook = {
    Sheets: [
      { name: 'Rascunho', Hidden: 1 },
      { name: 'Pedidos', Hidden: 0 },
      { name: 'Segredo', Hidden: 2 },
    ],
  };
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  await upload(
    page,
    'abas.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  );
  const options = page.getByTestId('sheet-select').locator('option');
  await expect(options).toHaveText(['Rascunho (hidden)', 'Pedidos', 'Segredo (hidden)']);
  await expect(page.getByTestId('sheet-select')).toHaveValue('Pedidos');
});
