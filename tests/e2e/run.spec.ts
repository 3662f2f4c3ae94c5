/**
 * The run journeys: a spreadsheet becomes a batch, its run is followed, paused, resumed and
 * survives the app closing; its results are filtered, charted, exported and read in full.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { sandboxAnswer, startSandbox } from '../../electron/sandbox';
import { parseCsv } from '../../shared/spreadsheet';
import type { Transaction } from '../../shared/domain/types';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test, type App, type SavedDownload } from './fixtures';

/** Transactions `0…count-1`; `rename` changes some external IDs (a formula-like one, say). */
function transactions(count: number, rename: Record<number, string> = {}): Transaction[] {
  return Array.from({ length: count }, (_, n) =>
    sampleTransaction(n, rename[n] === undefined ? {} : { externalID: rename[n] }),
  );
}

/** A CSV as an analyst exports it: Portuguese headers, `;`, formatted phone. */
function csvOf(rows: readonly Transaction[]): Buffer {
  const lines = ['Pedido;Sessão;CPF;E-mail;Celular;CEP'];
  for (const t of rows)
    lines.push(
      [t.externalID, t.sessionID, t.cpf, t.email, '+55 (11) 98765-4321', t.zipCode].join(';'),
    );
  return Buffer.from(lines.join('\r\n'));
}

/** What the sandbox will answer each transaction: its status and, for a 200, the device risk. */
function expectedAnswers(rows: readonly Transaction[]) {
  return rows.map((t) => {
    const answer = sandboxAnswer(t);
    const risk = answer.status === 200 ? (answer.body.deviceRisk as string) : null;
    return { externalID: t.externalID, status: answer.status, risk };
  });
}

/** Imports a CSV on the Import screen and waits for every row to be checked valid. */
async function importCsv(page: Page, name: string, rows: readonly Transaction[]) {
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: csvOf(rows) });
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(rows.length),
  );
}

/** A count of the run panel (`count-done`, …) as a number. */
async function count(page: Page, name: string): Promise<number> {
  return Number(await page.getByTestId(`count-${name}`).locator('dd').getAttribute('data-value'));
}

/** The CSV file the page downloaded, as rows of cell texts (the BOM dropped). */
async function downloadedCsv(download: SavedDownload): Promise<string[][]> {
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\ufeff/, '');
  return parseCsv(text, ',').rows.map((row) => row.map((cell) => cell?.text ?? ''));
}

/**
 * Points the test environment at a sandbox of this test's own, slow enough to act on mid-run,
 * with `concurrency` requests in flight, and makes it the active environment.
 */
async function slowTestEnvironment(app: App, page: Page, concurrency: number) {
  const sandbox = await startSandbox({ latencyMs: 30 });
  // One settings change with every value: settings.update currently stores a partial change
  // with the defaults of the settings it leaves out (see the report), so it is not split.
  const calls: Array<[string, unknown]> = [
    ['credentials.save', { environment: 'test', username: 'analista', password: 'segredo' }],
    ['settings.update', { testBaseUrl: sandbox.url, activeEnvironment: 'test', concurrency }],
  ];
  for (const [name, input] of calls) {
    const result = await app.call(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
  await page.reload();
  await expect(page.getByTestId('environment-badge')).toContainText('Test');
  return sandbox;
}

/** The id of the newest batch, from the core. */
async function newestBatchId(app: App): Promise<string> {
  const list = await app.call('batches.list', {});
  if (!list.ok) throw new Error(list.error.message);
  const [newest] = list.value as Array<{ id: string }>;
  if (!newest) throw new Error('There is no batch.');
  return newest.id;
}

test('a CSV run in the sandbox: progress, results, risk filter, CSV export and a row in full', async ({
  page,
  app,
}) => {
  // One high-risk row gets an external ID that a spreadsheet would run as a formula.
  const plain = expectedAnswers(transactions(60));
  const formulaAt = plain.findIndex((answer) => answer.risk === 'high');
  expect(formulaAt).toBeGreaterThanOrEqual(0);
  const formulaId = `=${plain[formulaAt]!.externalID}`;
  const rows = transactions(60, { [formulaAt]: formulaId });
  const answers = expectedAnswers(rows);
  const high = answers.filter((answer) => answer.risk === 'high');
  const noContent = answers.filter((answer) => answer.status === 204).length;

  await importCsv(page, 'pedidos.csv', rows);
  await expect(page.getByTestId('run-environment')).toContainText('Sandbox');
  await page.getByTestId('run-lookups').click();

  await expect(page.getByTestId('batch-title')).toHaveText('pedidos.csv');
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', '60');
  expect(await count(page, 'done')).toBe(60);
  expect(await count(page, 'ok')).toBe(60 - noContent);
  expect(await count(page, 'no-content')).toBe(noContent);
  expect(await count(page, 'failed')).toBe(0);
  await screenshot(page, 'batch-run');

  const table = page.getByTestId('results-table');
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', '60');
  await expect(table.getByTestId('result-row-1')).toContainText(rows[0]!.externalID);
  // The CPF is masked until personal data is shown.
  await expect(table.getByTestId('result-row-1')).not.toContainText(rows[0]!.cpf!);

  await page.getByTestId('filter-risk-high').check();
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-value',
    String(high.length),
  );
  await expect(table.locator('[data-testid^="result-row-"]')).toHaveCount(high.length);
  await expect(table.locator('[data-risk]:not([data-risk="high"])')).toHaveCount(0);
  const riskTable = page.getByTestId('chart-risk').locator('tbody');
  await expect(riskTable.locator('tr[data-key="high"] td')).toHaveAttribute(
    'data-value',
    String(high.length),
  );
  await expect(riskTable.locator('tr[data-key="low"] td')).toHaveAttribute('data-value', '0');
  await expect(page.getByTestId('chart-score').locator('svg title')).toHaveText(
    'Score distribution',
  );
  await expect(page.getByTestId('chart-insights').locator('svg rect').first()).toBeVisible();
  await screenshot(page, 'batch-results');

  const download = await app.download(() => page.getByTestId('export-csv').click());
  expect(download.suggestedFilename()).toBe('pedidos-results.csv');
  const [header, ...lines] = await downloadedCsv(download);
  const column = (name: string) => header!.indexOf(name);
  expect(lines).toHaveLength(high.length);
  expect(lines.map((line) => line[column('Device risk')])).toEqual(high.map(() => 'High'));
  const exportedIds = lines.map((line) => line[column('External ID')]);
  expect(exportedIds).toContain(`'${formulaId}`);
  expect(exportedIds.sort()).toEqual(
    high
      .map((answer) => (answer.externalID === formulaId ? `'${formulaId}` : answer.externalID))
      .sort(),
  );
  await expect(page.getByTestId('export-status')).toContainText('pedidos-results.csv');

  // The formula-like row in full: request masked, then shown; the device links to the search.
  const seq = formulaAt + 1;
  await table
    .getByTestId(`result-row-${String(seq)}`)
    .getByRole('button', { name: `Details of row ${String(seq + 1)}` })
    .click();
  const detail = page.getByTestId('detail-panel');
  await expect(detail.getByTestId('detail-request')).toContainText(`"${formulaId}"`);
  await expect(detail.getByTestId('detail-request')).not.toContainText(rows[formulaAt]!.cpf!);
  await expect(detail.getByTestId('detail-answer')).toContainText('"deviceRisk": "high"');
  await expect(detail.getByTestId('detail-attempts')).toHaveText('1');
  await page.getByTestId('results-show-personal').check();
  await expect(detail.getByTestId('detail-request')).toContainText(rows[formulaAt]!.cpf!);
  await expect(table.getByTestId(`result-row-${String(seq)}`)).toContainText(rows[formulaAt]!.cpf!);
  await screenshot(page, 'batch-detail');
  await detail.getByTestId('detail-device-link').click();
  await expect(page.getByRole('button', { name: 'Search' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('pausing stops sending and resuming finishes with every row sent once', async ({
  page,
  app,
}) => {
  const sandbox = await slowTestEnvironment(app, page, 2);
  try {
    const rows = transactions(300);
    await importCsv(page, 'lento.csv', rows);
    await expect(page.getByTestId('run-environment')).toContainText('Test');
    await page.getByTestId('run-lookups').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    await expect.poll(() => count(page, 'done'), { intervals: [50] }).toBeGreaterThanOrEqual(20);
    await expect(page.getByTestId('run-rate')).toContainText('rows/s');
    await screenshot(page, 'batch-running');

    await page.getByTestId('pause-batch').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'paused');
    await expect(page.getByTestId('pause-reason')).toHaveAttribute('data-reason', 'user');
    await expect(page.getByTestId('pause-batch')).toHaveCount(0);
    // Stopped for good: the run is no longer live, and every request sent has its stored answer.
    const batchId = await newestBatchId(app);
    const stored = await app.call('batches.get', { batchId });
    if (!stored.ok) throw new Error(stored.error.message);
    const summary = stored.value as { live: boolean; counts: { done: number } };
    expect(summary.live).toBe(false);
    const done = await count(page, 'done');
    expect(summary.counts.done).toBe(done);
    expect(sandbox.counters().insights).toBe(done);
    expect(done).toBeLessThan(300);
    await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', String(done));
    await screenshot(page, 'batch-paused');

    await page.getByTestId('resume-batch').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    expect(await count(page, 'done')).toBe(300);
    const perId = sandbox.counters().perExternalId;
    expect(Object.keys(perId)).toHaveLength(300);
    expect(Object.values(perId).every((sent) => sent === 1)).toBe(true);
  } finally {
    await sandbox.close();
  }
});

test('closing the app mid-run offers the batch for resume, and nothing is lost', async ({
  page,
  app,
}) => {
  const concurrency = 4;
  const sandbox = await slowTestEnvironment(app, page, concurrency);
  try {
    const rows = transactions(300);
    await importCsv(page, 'fechado.csv', rows);
    await page.getByTestId('run-lookups').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    await expect.poll(() => count(page, 'done'), { intervals: [50] }).toBeGreaterThanOrEqual(30);

    await app.restart();
    const banner = page.getByTestId('interrupted-banner');
    await expect(banner).toContainText('A batch was interrupted: resume it?');
    await expect(banner).toContainText('fechado.csv');
    await screenshot(page, 'batch-interrupted');
    await page.getByTestId('interrupted-resume').click();

    await expect(page.getByTestId('batch-title')).toHaveText('fechado.csv');
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('interrupted-banner')).toHaveCount(0);
    expect(await count(page, 'done')).toBe(300);
    expect((await count(page, 'ok')) + (await count(page, 'no-content'))).toBe(300);
    // No row lost; only rows in flight when the app closed may have been sent twice.
    const perId = sandbox.counters().perExternalId;
    expect(Object.keys(perId).sort()).toEqual(rows.map((t) => t.externalID).sort());
    const twice = Object.values(perId).filter((sent) => sent > 1);
    expect(twice.length).toBeLessThanOrEqual(concurrency);
    expect(twice.every((sent) => sent === 2)).toBe(true);

    await page.getByTestId('back-to-batches').click();
    const line = page.getByTestId(`batch-row-${await newestBatchId(app)}`);
    await expect(line).toContainText('fechado.csv');
    await expect(line).toContainText('Finished');
    await expect(line).toContainText('300 of 300');
    await screenshot(page, 'batch-list');
  } finally {
    await sandbox.close();
  }
});

test('in production the run asks first, and cancelling sends nothing', async ({ page, app }) => {
  const changed = await app.call('settings.update', { activeEnvironment: 'production' });
  expect(changed.ok).toBe(true);
  await page.reload();
  await importCsv(page, 'producao.csv', transactions(3));
  await expect(page.getByTestId('run-environment')).toContainText('Production');
  await page.getByTestId('run-lookups').click();
  const dialog = page.getByTestId('confirm-production-run');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('3 rows will be sent to the real Device Check Service');
  // The safe answer has the focus: Enter sends nothing.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, 'run-production-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const list = await app.call('batches.list', {});
  expect(list).toEqual({ ok: true, value: [] });
  await expect(page.getByTestId('run-lookups')).toBeEnabled();
});
