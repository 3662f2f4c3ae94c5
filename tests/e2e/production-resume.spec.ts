/**
 * A production batch's rows (CPF, e-mail, phone) go to production only after the question its
 * first run asked, whichever button sends them again: "Resume it" on the interrupted-batch
 * banner, Resume in the list of batches, Resume and "Retry failed rows" on its screen. What asks
 * is the batch's environment, not the active one: the analyst may be in Sandbox meanwhile.
 */
import type { Page } from '@playwright/test';
import { startSandbox } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';

function csv(count: number): Buffer {
  const lines = ['Pedido;Sessão;CPF;E-mail;Celular;CEP'];
  for (let n = 0; n < count; n += 1) {
    const t = sampleTransaction(n + 900);
    lines.push(
      [t.externalID, t.sessionID, t.cpf, t.email, '+55 (11) 98765-4321', t.zipCode].join(';'),
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

async function count(page: Page, name: string): Promise<number> {
  return Number(await page.getByTestId(`count-${name}`).locator('dd').getAttribute('data-value'));
}

async function setUp(app: App, calls: Array<[string, unknown]>): Promise<void> {
  for (const [name, input] of calls) {
    const result = await app.call(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
}

/** Imports `rows` rows in production and runs them, answering the production question. */
async function runInProduction(page: Page, name: string, rows: number): Promise<void> {
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: csv(rows) });
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(rows),
  );
  await page.getByTestId('run-lookups').click();
  await page.getByTestId('confirm-production-run-confirm').click();
}

test('an interrupted production batch is resumed from the banner only after the production question, even in Sandbox', async ({
  page,
  app,
}) => {
  const prod = await startSandbox({ latencyMs: 200 });
  try {
    await setUp(app, [
      ['credentials.save', { environment: 'production', username: 'analista', password: 'x' }],
      [
        'settings.update',
        { productionBaseUrl: prod.url, activeEnvironment: 'production', concurrency: 1 },
      ],
    ]);
    await page.reload();
    await runInProduction(page, 'producao.csv', 40);
    await expect.poll(() => count(page, 'done'), { intervals: [50] }).toBeGreaterThanOrEqual(2);

    await app.restart();
    await setUp(app, [['settings.update', { activeEnvironment: 'sandbox' }]]);
    await page.reload();
    await expect(page.getByTestId('environment-badge')).toContainText('Sandbox');
    await page.getByRole('button', { name: 'Import' }).click();
    const banner = page.getByTestId('interrupted-banner');
    await expect(banner).toContainText('producao.csv');
    // The batch's environment, not the active one.
    await expect(banner.getByTestId('batch-environment')).toHaveText('Environment: Production');

    const sentBefore = prod.counters().insights;
    await banner.getByTestId('interrupted-resume').click();
    const dialog = page.getByTestId('confirm-production-send');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Resume the lookups in production?');
    await expect(dialog).toContainText('producao.csv');
    await expect(dialog.getByTestId('dialog-production-marker')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeVisible();
    expect(prod.counters().insights).toBe(sentBefore);

    await banner.getByTestId('interrupted-resume').click();
    await page.getByTestId('confirm-production-send-confirm').click();
    await expect(page.getByTestId('batch-title')).toHaveText('producao.csv');
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    expect(prod.counters().insights).toBeGreaterThan(sentBefore);
  } finally {
    await prod.close();
  }
});

test('Resume and Retry failed rows of a production batch ask first, on its screen and in the list', async ({
  page,
  app,
}) => {
  const rows = 120;
  const away = await startSandbox({ latencyMs: 100 });
  const back = await startSandbox();
  try {
    await setUp(app, [
      ['credentials.save', { environment: 'production', username: 'analista', password: 'x' }],
      [
        'settings.update',
        { productionBaseUrl: away.url, activeEnvironment: 'production', concurrency: 4 },
      ],
    ]);
    await page.reload();
    await runInProduction(page, 'fora.csv', rows);
    await expect.poll(() => count(page, 'done'), { intervals: [50] }).toBeGreaterThanOrEqual(10);
    // The service goes away mid-run: rows fail, then the batch pauses.
    await away.close();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'paused', {
      timeout: 60_000,
    });
    expect(await count(page, 'failed')).toBeGreaterThan(0);

    // Production comes back elsewhere; the analyst has meanwhile moved to Sandbox.
    await setUp(app, [
      ['settings.update', { productionBaseUrl: back.url, activeEnvironment: 'sandbox' }],
    ]);
    await expect(page.getByTestId('environment-badge')).toContainText('Sandbox');
    await expect(page.getByTestId('run-panel')).toContainText('Environment: Production');
    const dialog = page.getByTestId('confirm-production-send');

    await page.getByTestId('retry-failed').click();
    await expect(dialog).toContainText('Retry the failed rows in production?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('resume-batch').click();
    await expect(dialog).toContainText('Resume the lookups in production?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('back-to-batches').click();
    await page.getByRole('button', { name: 'Resume batch fora.csv' }).click();
    await expect(dialog).toContainText('Resume the lookups in production?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(back.counters().insights).toBe(0);

    await page.getByRole('button', { name: 'Open batch fora.csv' }).first().click();
    await page.getByTestId('retry-failed').click();
    await page.getByTestId('confirm-production-send-confirm').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    expect(await count(page, 'done')).toBe(rows);
    expect(back.counters().insights).toBeGreaterThan(0);
  } finally {
    await back.close();
  }
});
