import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test } from './fixtures';
import { batchRows, call, newestBatchId } from './steps/core';
import { analystCsv, importAndRun } from './steps/import-run';

const formatted = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

test('a data-subject request from Settings removes every row about one CPF, after asking', async ({
  page,
  app,
}) => {
  const rows = [1, 2, 3].map((n) => sampleTransaction(n));
  // The same person bought twice: both rows go.
  rows.push(sampleTransaction(4, { cpf: rows[0]?.cpf }));
  await importAndRun(
    page,
    { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) },
    4,
  );
  const cpf = rows[0]?.cpf ?? '';
  // One of the person's transactions was reviewed: the review goes too, and is counted.
  const batchId = await newestBatchId(app);
  const reviewed = (await batchRows(app, batchId)).find(
    (row) => row.externalId === rows[0]?.externalID,
  );
  await call(app, 'outcomes.set', {
    targets: [{ batchId, seq: reviewed?.seq ?? 0 }],
    outcome: 'Suspeito',
  });

  const search = async (query: string) => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('External ID, session ID, device ID or CPF').fill(query);
    await page.getByRole('button', { name: 'Find' }).click();
  };
  await search(formatted(cpf));
  await expect(page.getByText('2 lookups found, newest first.')).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('forget-cpf-input').fill(formatted(cpf));
  await page.getByTestId('forget-cpf').click();
  const dialog = page.getByTestId('forget-cpf-dialog');
  await expect(dialog).toBeVisible();
  await screenshot(page, 'settings-forget-cpf');
  // Cancel first: nothing is removed.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('forget-cpf-result')).toHaveCount(0);

  await page.getByTestId('forget-cpf').click();
  await dialog.getByRole('button', { name: 'Delete everything about this CPF' }).click();
  await expect(page.getByTestId('forget-cpf-result')).toHaveText(
    'Removed 2 rows about that CPF and 1 review of its transactions; 0 older copies of the history deleted.',
  );
  await expect(page.getByTestId('forget-cpf-input')).toHaveValue('');

  await search(formatted(cpf));
  await expect(page.getByText('Nothing in the history matches this search.')).toBeVisible();
  expect(await call(app, 'history.search', { query: cpf })).toEqual({ hits: [], total: 0 });
  await search(rows[1]?.cpf ?? '');
  await expect(page.getByText('1 lookup found.')).toBeVisible();
});
