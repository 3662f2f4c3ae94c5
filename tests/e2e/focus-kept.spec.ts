/**
 * A keyboard user keeps their place: an outside tester found focus dropping to the page's body
 * after many actions (a button that disables itself or leaves the page, a dialog closing onto a
 * row that left the list, a screen that opens), so the next Tab started from the top again.
 * Each journey here acts as an analyst does and asks where focus went.
 */
import type { Page } from '@playwright/test';
import { startSandbox } from '../../electron/sandbox';
import { cpfFrom, sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { analystCsv, importAndRun } from './steps/import-run';
import { openReview } from './steps/review';

/**
 * The tester's file: 40 orders, 7 of them bad. Data row n is sheet row n + 1: row 6 has a short
 * session ID, 10 a CPF with wrong check digits, 14 an e-mail without @, 18 repeats row 17's ID,
 * 22 has no ID, 26 a toll-free phone and 30 a short CEP.
 */
function testerCsv(): Buffer {
  const lines = ['Pedido;Sessão;CPF;E-mail;Celular;CEP;Valor'];
  for (let n = 1; n <= 40; n += 1) {
    const cpf = cpfFrom(String(200_000_000 + n).slice(-9));
    lines.push(
      [
        n === 21 ? '' : `PED-${String(100_000 + (n === 17 ? 16 : n))}`,
        n === 5 ? 'short' : `sess-${String(n).padStart(4, '0')}-abcdefghijklmnopqrst`,
        n === 9 ? '123.456.789-00' : cpf,
        n === 13 ? 'no-at-sign.com.br' : `cliente${String(n)}@exemplo.com.br`,
        n === 25 ? '0800 123 4567' : `(11) 9${String(8000 + n)}-${String(1000 + n)}`,
        n === 29 ? '123' : '01310-100',
        '1.234,56',
      ].join(';'),
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

/** What has focus, named by its test id (or its tag), once it has settled. */
function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.getAttribute('data-testid') ?? element.tagName.toLowerCase();
  })()`);
}

/** Focus is somewhere on the screen, not on the page's body. */
async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => focused(page)).not.toBe('body');
}

async function useTestEnvironment(app: App, url: string): Promise<void> {
  const calls: Array<[string, unknown]> = [
    ['credentials.save', { environment: 'test', username: 'analista', password: 'segredo' }],
    ['settings.update', { testBaseUrl: url, activeEnvironment: 'test', concurrency: 2 }],
  ];
  for (const [name, input] of calls) {
    const result = await app.call(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
}

test('Import: applying a fix, excluding rows and running keep the keyboard in place', async ({
  page,
  app: _app,
}) => {
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'pedidos.csv', mimeType: 'text/csv', buffer: testerCsv() });
  await expect(page.getByTestId('total-rows').locator('dd')).toHaveAttribute('data-value', '40');

  // Personal data not at fault stays masked in the editor while Show personal data is off.
  await page.getByTestId('edit-row-6').click();
  const cpf = page.getByTestId('editor-cpf');
  await expect(cpf).not.toHaveValue(cpfFrom(String(200_000_005).slice(-9)));
  await expect(cpf).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('editor-email')).not.toHaveValue('cliente5@exemplo.com.br');
  await page.getByTestId('editor-reveal-email').click();
  await expect(page.getByTestId('editor-email')).toHaveValue('cliente5@exemplo.com.br');

  // The fixed row leaves the list: focus goes to the next row to review, not to the body.
  await page.getByTestId('editor-sessionID').fill('sess-0005-abcdefghijklmnopqrst');
  await page.getByTestId('editor-apply').click();
  await expect(page.getByTestId('row-editor')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('edit-row-10');

  // An excluded row leaves the list: focus goes to its Undo.
  await page.getByTestId('exclude-row-10').click();
  await expect.poll(() => focused(page)).toBe('undo-exclude');
  // Undone, the row is back: focus goes to its Exclude again.
  await page.getByTestId('undo-exclude').click();
  await expect.poll(() => focused(page)).toBe('exclude-row-10');

  // The button disables itself: focus goes to what happened.
  await page.getByTestId('exclude-later-duplicates').click();
  await expect(page.getByTestId('exclude-later-duplicates')).toBeDisabled();
  await expect.poll(() => focused(page)).toBe('duplicates-status');
  // The tile, the sentence and the rows say the same: row 17 is sent, row 18 is not.
  await expect(page.getByTestId('total-duplicates').locator('dd')).toHaveAttribute(
    'data-value',
    '0',
  );
  await expect(page.getByTestId('duplicates-intro')).toHaveText(
    '1 external ID appears on more than one row; only its first row is sent.',
  );
  await expect(page.getByTestId('duplicate-group')).toContainText('row 17 kept; row 18 excluded');

  // The batch screen opens: focus goes to its heading.
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-state')).toBeVisible();
  await expect.poll(() => focused(page)).toBe('batch-title');
});

test('Batch screen: Pause, Resume and Retry failed rows keep the keyboard in place', async ({
  page,
  app,
}) => {
  // Slow enough to pause, then gone mid-run so that rows fail (as in retry-failed.spec.ts).
  const away = await startSandbox({ latencyMs: 60 });
  const back = await startSandbox();
  try {
    await useTestEnvironment(app, away.url);
    await page.reload();
    const rows = Array.from({ length: 200 }, (_, n) => sampleTransaction(n));
    await page.getByRole('button', { name: 'Import' }).click();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'lento.csv', mimeType: 'text/csv', buffer: analystCsv(rows) });
    await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
      'data-value',
      '200',
    );
    await page.getByTestId('run-lookups').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');

    await page.getByTestId('pause-batch').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'paused');
    await expect.poll(() => focused(page)).toBe('resume-batch');

    await page.getByTestId('resume-batch').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    await expectFocusKept(page);

    await away.close();
    await expect(page.getByTestId('retry-failed')).toBeVisible({ timeout: 60_000 });
    const moved = await app.call('settings.update', { testBaseUrl: back.url });
    expect(moved.ok).toBe(true);
    await page.getByTestId('retry-failed').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    await expectFocusKept(page);
  } finally {
    // `away` was closed on purpose above, unless the test failed before.
    await away.close().catch(() => undefined);
    await back.close();
  }
});

test('Environments: Save address and Save credentials keep the keyboard in place', async ({
  page,
  app: _app,
}) => {
  const sandbox = await startSandbox();
  try {
    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(sandbox.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(card.getByRole('button', { name: 'Save address' })).toBeDisabled();
    await expectFocusKept(page);
    await card.getByLabel('User name').fill('analista');
    await card.getByLabel('Password').fill('segredo');
    await card.getByRole('button', { name: 'Save credentials' }).click();
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await expectFocusKept(page);
  } finally {
    await sandbox.close();
  }
});

test('Review and Settings: applying outcomes and forgetting a CPF keep the keyboard in place', async ({
  page,
  app: _app,
}) => {
  const rows = Array.from({ length: 4 }, (_, n) => sampleTransaction(n));
  await importAndRun(
    page,
    { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) },
    4,
  );

  await openReview(page);
  await page.getByTestId('review-tab-import').click();
  const cases = ['ID da transação;Classificação', `${rows[0]!.externalID};Fraude Confirmada`];
  await page.getByTestId('review-import-input').setInputFiles({
    name: 'casos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(cases.join('\r\n')),
  });
  await expect(page.getByTestId('review-import-apply')).toBeEnabled();
  await page.getByTestId('review-import-apply').click();
  await expect(page.getByTestId('review-import-result')).toBeVisible();
  await expectFocusKept(page);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('forget-cpf-input').fill(rows[1]!.cpf!);
  await page.getByTestId('forget-cpf').click();
  await page.getByTestId('forget-cpf-dialog-confirm').click();
  await expect(page.getByTestId('forget-cpf-result')).toBeVisible();
  await expectFocusKept(page);
});
