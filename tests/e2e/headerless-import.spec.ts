/**
 * A file without a header row: its first row, one customer's, is taken for the column names.
 * Mapping its columns must not keep that customer's CPF, e-mail, phone, CEP and IDs in the
 * window's storage (the data folder, in the app), where deleting everything about a CPF never
 * looks; what older versions kept there goes when the window starts.
 */
import type { Page } from '@playwright/test';
import { cpfFrom } from '../support/transactions';
import { expect, test } from './fixtures';

const memoryKey = 'dcdesk.import.mappings.v1';
const first = {
  session: 'sess-0001-abcdefghijklmnopqrst',
  order: 'PED-100001',
  cpf: cpfFrom('200000001'),
  email: 'cliente1@exemplo.com.br',
  phone: '(11) 98001-1001',
  zip: '01310-100',
};

/** Ten orders and no header row; the first is {@link first}. */
function headerlessCsv(): Buffer {
  const lines = [];
  for (let n = 1; n <= 10; n += 1) {
    lines.push(
      [
        `sess-${String(n).padStart(4, '0')}-abcdefghijklmnopqrst`,
        `PED-${String(100_000 + n)}`,
        cpfFrom(String(200_000_000 + n).slice(-9)),
        `cliente${String(n)}@exemplo.com.br`,
        `(11) 9${String(8000 + n)}-${String(1000 + n)}`,
        '01310-100',
      ].join(';'),
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

/** Everything the window keeps in its local storage, as one text. */
function stored(page: Page): Promise<string> {
  return page.evaluate<string>('JSON.stringify({ ...window.localStorage })');
}

test('mapping a headerless file keeps none of its first row, and says why', async ({
  page,
  app: _app,
}) => {
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'sem-cabecalho.csv', mimeType: 'text/csv', buffer: headerlessCsv() });
  await expect(page.getByTestId('map-sessionID')).toBeVisible();
  await page.getByTestId('map-sessionID').selectOption('0');
  await page.getByTestId('map-externalID').selectOption('1');
  await page.getByTestId('map-cpf').selectOption('2');
  await page.getByTestId('map-email').selectOption('3');
  await expect(page.getByTestId('mapping-source')).toHaveText(
    'Your choice is not remembered: the header row holds values (a CPF, an e-mail, a phone, an ID), not column names, and they are not kept. If the file has no header row, this is its first row of data.',
  );
  await expect(page.getByTestId('total-rows').locator('dd')).toHaveAttribute('data-value', '9');
  // Personal data not shown: the first row, taken for the column names, is masked in the header
  // row's choice and in every column's, as the rows below it are (attack c2).
  await expect(page.getByTestId('map-cpf').locator('option', { hasText: 'C: ' })).toHaveText(
    'C: ***********',
  );
  const html = await page.content();
  for (const value of [first.cpf, first.email, first.phone, first.zip])
    expect(html).not.toContain(value);

  const kept = await stored(page);
  for (const value of Object.values(first)) expect(kept).not.toContain(value.toLowerCase());
  expect(kept).not.toContain(first.cpf.replace(/\D/g, ''));
});

test('mappings older versions kept for a first row of data are gone once the window starts', async ({
  page,
  app: _app,
}) => {
  const older = {
    [JSON.stringify(['pedido', 'sessão'])]: {
      fields: {
        sessionID: { header: 'sessão', occurrence: 0 },
        externalID: { header: 'pedido', occurrence: 0 },
      },
      usedAt: 2,
    },
    [JSON.stringify(
      Object.values(first)
        .map((value) => value.toLowerCase())
        .sort(),
    )]: {
      fields: { cpf: { header: first.cpf, occurrence: 0 } },
      usedAt: 1,
    },
  };
  await page.evaluate(
    `window.localStorage.setItem(${JSON.stringify(memoryKey)}, ${JSON.stringify(JSON.stringify(older))})`,
  );
  await page.reload();
  await expect(page.getByTestId('import-file-input')).toBeAttached();
  await expect.poll(() => stored(page)).not.toContain(first.cpf);
  const kept = await stored(page);
  for (const value of Object.values(first)) expect(kept).not.toContain(value.toLowerCase());
  // The mapping of a real header row stays.
  expect(kept).toContain('sessão');
});
