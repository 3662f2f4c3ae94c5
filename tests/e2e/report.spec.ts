/**
 * The Report journey: a sandbox batch with outcomes (fraud and Legítima), the Report screen's
 * numbers checked against `dcdesk report --json` over the same history, a chart reached from the
 * keyboard, the screen in Portuguese, and the report saved as HTML (no script, nothing fetched)
 * and as PDF (Electron prints it; the web host's browser prints the saved page instead).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { ReportView } from '../../shared/contract/report';
import { reportText } from '../../shared/report/report-text';
import { expect, screenshot, test } from './fixtures';
import { batchRows, call, finishedBatch } from './steps/core';
import { reviewedBatch, sourceRow } from './steps/report';

test('the report of a reviewed batch: the numbers of dcdesk report, charts by keyboard, both languages, HTML and PDF', async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const batchId = await reviewedBatch(app);
  // The command line an analyst runs, built by scripts/build.mjs like the page, on the same history.
  const cli = await promisify(execFile)(process.execPath, [
    'bin/dcdesk.mjs',
    'report',
    '--env',
    'sandbox',
    '--json',
    '--data-dir',
    app.dataDir,
  ]);
  const expected = JSON.parse(cli.stdout) as ReportView;
  expect(expected.auc).not.toBeNull();
  const en = reportText('en-US');

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByTestId('report-body')).toBeVisible();
  await expect(page.getByTestId('report-figure-auc')).toHaveText(en.decimal(expected.auc));
  await expect(page.getByTestId('report-figure-positive')).toHaveText(
    en.count(expected.labels.positive),
  );
  await expect(page.getByTestId('report-figure-negative')).toHaveText(
    en.count(expected.labels.negative),
  );
  // The interval, or why there is none (too few cases), in the words of the exported page.
  await expect(page.getByTestId('report-auc')).toContainText(en.aucInterval(expected));
  // The threshold table, row 0.50: flagged, share, recall, precision, false positive rate.
  const half = expected.thresholds.find((row) => row.score === 0.5);
  if (!half) throw new Error('No 0.50 row in the threshold table.');
  await expect(
    page
      .getByTestId('report-thresholds')
      .getByRole('row', { name: /^0\.50 / })
      .getByRole('cell'),
  ).toHaveText([
    en.count(half.flagged),
    en.percent(half.share),
    en.percent(half.recall),
    en.percent(half.precision),
    en.percent(half.falsePositiveRate),
  ]);
  await expect(page.getByTestId('report-insight-codes').locator('tbody tr')).toHaveCount(
    expected.insightCodes.length,
  );

  // The batch's own report, chosen in the scope picker, is the same history here.
  await page.getByTestId('report-scope').selectOption(`batch:${batchId}`);
  await expect(page.getByTestId('report-figure-auc')).toHaveText(en.decimal(expected.auc));

  // Tab reaches the ROC chart, named by its summary; its numbers open beside it.
  await page.getByTestId('report-refresh').focus();
  await expect
    .poll(async () => {
      await page.keyboard.press('Tab');
      return page.locator(':focus').getAttribute('data-testid');
    })
    .toBe('report-roc-chart');
  await expect(page.getByTestId('report-roc-chart')).toHaveAttribute(
    'aria-label',
    new RegExp(`area ${en.decimal(expected.auc).replace('.', '\\.')}`),
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-roc-numbers')).toBeVisible();
  await screenshot(page, 'journey-report');

  // Saved as HTML: the whole report, no script, nothing to fetch.
  const html = await app.download(() => page.getByTestId('report-export-html').click());
  expect(html.suggestedFilename()).toMatch(/^report-sandbox-.+\.html$/);
  const page_html = (await readFile(await html.path())).toString('utf8');
  expect(page_html).not.toMatch(/<script/i);
  expect(page_html).not.toMatch(/(src|href|url\()\s*=?\s*["']?https?:/i);
  expect(page_html).toContain(en.decimal(expected.auc));

  // As PDF: Electron prints it; the web host says to use Print…, and Chromium prints the page.
  if (app.host === 'electron') {
    const pdf = await app.download(() => page.getByTestId('report-export-pdf').click());
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } else {
    await page.getByTestId('report-export-pdf').click();
    await expect(page.getByTestId('report-export-status')).toContainText('Print…');
    const printer = await browser.newPage();
    await printer.setContent(page_html);
    const pdf = await printer.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await printer.close();
  }

  // In Portuguese: the screen's words and the numbers' decimal comma.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language').selectOption('pt-BR');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Relatório', exact: true }).click();
  const pt = reportText('pt-BR');
  await expect(page.getByRole('heading', { name: 'Relatório do score' })).toBeVisible();
  await expect(page.getByTestId('report-figure-auc')).toHaveText(pt.decimal(expected.auc));
  await expect(page.getByTestId('report-thresholds').locator('caption')).toHaveText(
    pt.t('thresholds'),
  );
  await screenshot(page, 'journey-report-pt-BR');
});

// The open screen kept its figures when outcomes changed (another window, the review), and Save
// recomputed: the file held figures the analyst never saw.
test('the open report follows an outcome set elsewhere, and saves the figures it shows', async ({
  page,
  app,
}) => {
  const batchId = await reviewedBatch(app);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByTestId('report-scope').selectOption(`batch:${batchId}`);
  await expect(page.getByTestId('report-figure-positive')).toHaveText('4');
  // Another window reviews one more answered row as fraud, through the core's API.
  const rows = await batchRows(app, batchId);
  const unreviewed = rows.find((row) => row.score !== null && row.outcome === null);
  if (!unreviewed) throw new Error('No unreviewed row with a score.');
  await call(app, 'outcomes.set', {
    targets: [{ batchId, seq: unreviewed.seq }],
    outcome: 'Fraude Confirmada',
  });
  await expect(page.getByTestId('report-figure-positive')).toHaveText('5');
  await expect(page.getByTestId('report-progress')).toHaveText('');
  const saved = await app.download(() => page.getByTestId('report-export-html').click());
  const html = (await readFile(await saved.path())).toString('utf8');
  expect(html).toContain('<div class="figure">Fraud<strong>5</strong></div>');
});

test('a save while the screen still shows the earlier figures saves nothing, and says why', async ({
  page,
  app,
}) => {
  test.skip(
    app.host === 'electron',
    'The screen’s reading is held by routing web requests (IPC in Electron).',
  );
  const batchId = await reviewedBatch(app);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByTestId('report-scope').selectOption(`batch:${batchId}`);
  await expect(page.getByTestId('report-figure-positive')).toHaveText('4');
  // The screen's next reading is held back, as a slow one (a million rows) would be.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/report.get', async (route) => {
    await held;
    await route.continue();
  });
  const rows = await batchRows(app, batchId);
  const unreviewed = rows.find((row) => row.score !== null && row.outcome === null);
  if (!unreviewed) throw new Error('No unreviewed row with a score.');
  await call(app, 'outcomes.set', {
    targets: [{ batchId, seq: unreviewed.seq }],
    outcome: 'Fraude Confirmada',
  });
  await expect(page.getByTestId('report-progress')).not.toHaveText('');
  await expect(page.getByTestId('report-figure-positive')).toHaveText('4');
  await page.getByTestId('report-export-html').click();
  await expect(page.getByTestId('report-export-status')).toHaveText(
    'Nothing was saved: outcomes changed the figures while this screen was open. It now shows the new figures; check them and save again.',
  );
  release();
  await expect(page.getByTestId('report-figure-positive')).toHaveText('5');
});

test('a class with no case: no area, and the message saying why', async ({ page, app }) => {
  const rows = Array.from({ length: 6 }, (_, index) => sourceRow(index + 2, 900 + index));
  await finishedBatch(app, { sourceName: 'sem-fraude.csv', sourceSha256: 'e'.repeat(64), rows });
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByTestId('report-auc-missing')).toHaveText(
    reportText('en-US').t('aucMissing'),
  );
  await expect(page.getByTestId('report-figure-auc')).toHaveText('—');
});
