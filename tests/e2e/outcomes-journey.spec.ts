/**
 * The proof journey of case review and response variables, through the web host with the core's
 * own embedded sandbox: a spreadsheet imported and run; the riskiest rows reviewed from the
 * keyboard; outcomes imported from the case system after a report that changes nothing; a zip
 * built and previewed; sent and seen in the ledger; and the sandbox's own record of what it
 * received equal to what was reviewed. Last, the batch's results show, filter, sort and export
 * the outcomes.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import type { ReceivedUpload } from '../../electron/sandbox';
import { sandboxAnswer } from '../../electron/sandbox/answers';
import type { Outcome, ResponseVariableRow } from '../../shared/domain/types';
import { parseCsv } from '../../shared/spreadsheet';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test, type App } from './fixtures';
import { batchRows, newestBatchId } from './steps/core';
import { importAndRun } from './steps/import-run';
import { reviewLine } from './steps/review';
import { openSendOutcomes, previewCount } from './steps/send';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The transactions of the run as the analyst's spreadsheet: Portuguese headers, an xlsx. */
function transactionsXlsx(count: number): Buffer {
  const rows = Array.from({ length: count }, (_, n) => sampleTransaction(700 + n));
  const sheet = [
    ['Pedido', 'Sessão', 'CPF', 'E-mail', 'CEP'],
    ...rows.map((t) => [t.externalID, t.sessionID, t.cpf, t.email, t.zipCode]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Pedidos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The case system's export: `;`-separated UTF-8 with a BOM, as Excel saves it. */
function caseSystemCsv(lines: string[][]): Buffer {
  return Buffer.from(`\ufeff${lines.map((line) => line.join(';')).join('\r\n')}\r\n`, 'utf8');
}

/**
 * What the embedded sandbox says it accepted, from its control endpoint. The core starts that
 * sandbox on a free port; the fixture records the one address the core's client reached.
 */
async function sandboxUploads(app: App): Promise<ReceivedUpload[]> {
  const origins = await app.serviceOrigins();
  expect(origins).toHaveLength(1);
  const answer = await fetch(`${origins[0]!}/__sandbox/uploads`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as ReceivedUpload[];
}

/** The rows of a preview's table (line number dropped), as the file will carry them. */
async function previewRows(panel: Locator): Promise<ResponseVariableRow[]> {
  const lines = panel.getByTestId('preview-rows').locator('tbody tr');
  const rows: ResponseVariableRow[] = [];
  for (const line of await lines.all()) {
    const [, transactionId, deviceId, outcome] = await line.locator('td').allTextContents();
    rows.push({ transactionId: transactionId!, deviceId: deviceId!, outcome: outcome as Outcome });
  }
  return rows;
}

const byId = (a: ResponseVariableRow, b: ResponseVariableRow) =>
  a.transactionId.localeCompare(b.transactionId);

/** The `data-outcome` of the first `count` lines of the results table, top down. */
async function shownOutcomes(page: Page, count: number): Promise<string[]> {
  const lines = page.getByTestId('results-table').locator('[data-testid^="result-row-"]');
  await expect(lines.nth(count - 1)).toBeVisible();
  const shown: string[] = [];
  for (let index = 0; index < count; index += 1)
    shown.push((await lines.nth(index).getAttribute('data-outcome')) ?? '');
  return shown;
}

test('from a spreadsheet to outcomes the sandbox received: run, review by keyboard, import, zip, preview, send', async ({
  page,
  app,
}) => {
  const count = 30;
  const answered = Array.from({ length: count }, (_, n) => sampleTransaction(700 + n)).filter(
    (t) => sandboxAnswer(t).status === 200,
  );
  // Five lines reviewed from the keyboard and four others imported need nine devices.
  expect(answered.length).toBeGreaterThanOrEqual(12);

  // 1. The spreadsheet imported and run in the sandbox.
  await importAndRun(
    page,
    { name: 'pedidos-maio.xlsx', mimeType: xlsxType, buffer: transactionsXlsx(count) },
    count,
  );
  await expect(page.getByTestId('batch-title')).toHaveText('pedidos-maio.xlsx');
  const batchId = await newestBatchId(app);

  // 2. Review, opened from the batch: riskiest first.
  await page.getByTestId('review-batch').click();
  const queue = page.getByTestId('review-queue');
  await expect(queue).toBeVisible();
  await expect(page.getByTestId('review-source')).toHaveValue(batchId);
  await expect(page.getByTestId('review-sort')).toHaveValue('risk');
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(count));
  const top: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    await expect(reviewLine(page, index)).not.toHaveAttribute('data-risk', 'none');
    top.push((await reviewLine(page, index).getAttribute('data-external-id')) ?? '');
  }

  // 1 / 2 / 3 set and move on, J / K move, 0 clears, Enter opens the current row.
  await queue.focus();
  for (const key of ['1', '2', 'j', '3', '3', 'k', '0', 'k', 'k', 'Enter']) await queue.press(key);
  const expectedLines: Array<Outcome | 'none'> = [
    'Suspeito',
    'Fraude Confirmada',
    'none',
    'Device Positivado',
    'none',
  ];
  for (const [index, outcome] of expectedLines.entries())
    await expect(reviewLine(page, index)).toHaveAttribute('data-outcome', outcome);
  await expect(queue).toHaveAttribute('data-active', '3');
  const detail = page.getByTestId('review-detail');
  await expect(detail).toHaveAttribute(
    'data-seq',
    (await reviewLine(page, 3).getAttribute('data-seq'))!,
  );
  await expect(detail.getByTestId('review-detail-outcome')).toHaveAttribute(
    'data-outcome',
    'Device Positivado',
  );
  await expect(queue).toBeFocused();
  await screenshot(page, 'journey-review');
  await queue.press('Escape');
  await expect(detail).toHaveCount(0);

  // What the analyst means to send, built from the plan (not read back from the screens).
  const planned = new Map<string, Outcome>([
    [top[0]!, 'Suspeito'],
    [top[1]!, 'Fraude Confirmada'],
    [top[3]!, 'Device Positivado'],
  ]);
  const stored = async () =>
    new Map(
      (await batchRows(app, batchId)).flatMap((row) =>
        row.outcome && row.externalId ? [[row.externalId, row.outcome] as const] : [],
      ),
    );
  expect(await stored()).toEqual(planned);

  // 3. The case system's export: Portuguese headers, names in any case and accent, one id the
  // history never saw, one that repeats a stored outcome and one that contradicts it.
  const others = answered.map((t) => t.externalID).filter((id) => !top.includes(id));
  const [newA, newB, newC, newD] = others as [string, string, string, string];
  const sheet = caseSystemCsv([
    ['ID da transação', 'Analista', 'Classificação'],
    [newA, 'ana', 'fraude confirmada'], // row 2: new
    [newB, 'ana', 'FRAUDE  CONFIRMADA'], // row 3: new
    [newC, 'bia', 'Suspeíto'], // row 4: new
    [newD, 'bia', 'dispositivo positivado'], // row 5: new
    [top[0]!, 'caio', 'suspeito'], // row 6: unchanged
    [top[1]!, 'caio', 'Suspeito'], // row 7: conflict (Fraude Confirmada stored)
    ['PEDIDO-DESCONHECIDO-7', 'dani', 'Fraude Confirmada'], // row 8: not found
  ]);
  await page.getByTestId('review-tab-import').click();
  await page
    .getByTestId('review-import-input')
    .setInputFiles({ name: 'casos-maio.csv', mimeType: 'text/csv', buffer: sheet });
  await expect(page.getByTestId('review-import-header-row')).toHaveValue('0');
  await expect(page.getByTestId('review-map-transactionId')).toHaveValue('0');
  await expect(page.getByTestId('review-map-outcome')).toHaveValue('2');
  await expect(page.getByTestId('review-import-readable')).toHaveAttribute('data-value', '7');
  const report = page.getByTestId('review-import-report');
  const reported = (name: string) => report.getByTestId(`review-report-${name}`);
  for (const [name, value] of [
    ['apply', 4],
    ['unchanged', 1],
    ['conflicts', 1],
    ['not-found', 1],
    ['without-device', 0],
    ['contradictions', 0],
  ] as const)
    await expect(reported(name)).toHaveAttribute('data-value', String(value));
  await reported('conflicts').locator('summary').click();
  await expect(reported('conflicts').getByRole('listitem')).toContainText(
    'stored “Fraude Confirmada”, file “Suspeito”',
  );
  await reported('not-found').locator('summary').click();
  await expect(reported('not-found').getByRole('listitem')).toContainText('PEDIDO-DESCONHECIDO-7');
  // The report changed nothing.
  expect(await stored()).toEqual(planned);
  await screenshot(page, 'journey-import-report');

  await expect(page.getByTestId('review-import-apply')).toHaveText('Apply the outcomes (4)');
  await page.getByTestId('review-import-apply').click();
  await expect(page.getByTestId('review-import-result')).toHaveText(
    'Outcomes applied: 4. Conflicting outcomes kept as they were: 1.',
  );
  planned.set(newA, 'Fraude Confirmada');
  planned.set(newB, 'Fraude Confirmada');
  planned.set(newC, 'Suspeito');
  planned.set(newD, 'Device Positivado');
  expect(await stored()).toEqual(planned);

  // 4. A zip of the batch's outcomes, previewed before anything is sent.
  const devices = new Map(
    (await batchRows(app, batchId)).map((row) => [row.externalId, row.deviceId]),
  );
  const expected: ResponseVariableRow[] = [...planned].map(([transactionId, outcome]) => ({
    transactionId,
    deviceId: devices.get(transactionId)!,
    outcome,
  }));
  expect(expected.every((row) => /^dev-[0-9a-f]{20}$/.test(row.deviceId))).toBe(true);
  await openSendOutcomes(page);
  const build = page.getByTestId('build-panel');
  await build.getByTestId('build-source').selectOption(batchId);
  await expect(build.getByTestId('build-summary')).toContainText(
    '7 reviewed · 7 not yet sent to Sandbox',
  );
  await build.getByTestId('build-kind-zip').check();
  const fileName = build.getByTestId('preview-file-name');
  await expect(fileName).toHaveText(/^variaveis-resposta-pedidos-maio-\d{8}-\d{4}\.zip$/);
  await expect(build.getByTestId('preview-total')).toHaveAttribute('data-value', '7');
  const perOutcome: Record<Outcome, number> = {
    Suspeito: 0,
    'Fraude Confirmada': 0,
    'Device Positivado': 0,
  };
  for (const outcome of planned.values()) perOutcome[outcome] += 1;
  expect(perOutcome).toEqual({ Suspeito: 2, 'Fraude Confirmada': 3, 'Device Positivado': 2 });
  for (const [outcome, n] of Object.entries(perOutcome))
    await expect(previewCount(build, outcome as Outcome)).toHaveAttribute('data-value', String(n));
  await expect(build.getByTestId('preview-rows').locator('thead th')).toHaveText([
    'Line',
    'ID Transacional',
    'DeviceId',
    'Resultado',
  ]);
  const previewed = await previewRows(build);
  expect([...previewed].sort(byId)).toEqual([...expected].sort(byId));
  const name = (await fileName.textContent()) ?? '';
  const size = Number(await build.getByTestId('preview-size').getAttribute('data-value'));
  const sha256 = (await build.getByTestId('preview-sha256').locator('code').textContent()) ?? '';
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await screenshot(page, 'journey-preview');

  // 5. Sent to the sandbox, and written in the ledger.
  await build.getByTestId('send-built').click();
  const result = build.getByTestId('send-result');
  await expect(result).toHaveAttribute('data-status', 'sent');
  await expect(result).toContainText('Sandbox accepted upload #1 (7 rows).');
  const line = page.getByTestId('ledger').getByTestId('upload-row-1');
  await expect(line).toHaveAttribute('data-status', 'sent');
  await expect(line.getByTestId('ledger-status')).toHaveText('Sent');
  await expect(line.getByTestId('ledger-rows')).toHaveAttribute('data-value', '7');
  await expect(line.getByTestId('ledger-kind')).toHaveText('ZIP');
  await expect(line).toContainText(name);
  await expect(line.locator('[data-sha256]')).toHaveAttribute('data-sha256', sha256);
  await screenshot(page, 'journey-ledger');

  // 6. The sandbox received that one zip, holding exactly the rows previewed, in their order.
  const uploads = await sandboxUploads(app);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toMatchObject({ fileName: name, kind: 'zip', bytes: size });
  expect(uploads[0]!.rows).toEqual(previewed);
  expect([...uploads[0]!.rows].sort(byId)).toEqual([...expected].sort(byId));

  // 7. The batch's results show the outcomes: filtered, sorted and exported.
  await page.getByRole('button', { name: 'Batches' }).click();
  await page.getByTestId(`open-batch-${batchId}`).click();
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', String(count));
  await page.getByTestId('filter-outcome-fraud').check();
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', '3');
  expect(await shownOutcomes(page, 3)).toEqual(Array(3).fill('Fraude Confirmada'));
  await page.getByTestId('filter-outcome-fraud').uncheck();
  await page.getByTestId('filter-outcome-none').check();
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', String(count - 7));
  await page.getByTestId('filter-outcome-none').uncheck();
  await page.getByTestId('sort-outcome').click();
  await page.getByTestId('sort-outcome').click();
  await expect(
    page.getByTestId('results-table').getByRole('columnheader', { name: 'Outcome' }),
  ).toHaveAttribute('aria-sort', 'descending');
  // The header turns at the click; the sorted rows come with the next page: asked until they do.
  await expect
    .poll(() => shownOutcomes(page, 8))
    .toEqual([
      'Device Positivado',
      'Device Positivado',
      'Fraude Confirmada',
      'Fraude Confirmada',
      'Fraude Confirmada',
      'Suspeito',
      'Suspeito',
      'none',
    ]);
  const first = page.getByTestId('results-table').locator('[data-testid^="result-row-"]').first();
  await expect(first.getByTestId('result-outcome')).toHaveText('Device Positivado');
  await screenshot(page, 'journey-results');

  const download = await app.download(() => page.getByTestId('export-csv').click());
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\ufeff/, '');
  const [header, ...body] = parseCsv(text, ',').rows.map((row) =>
    row.map((cell) => cell?.text ?? ''),
  );
  const column = (title: string) => header!.indexOf(title);
  expect(column('Outcome')).toBeGreaterThan(0);
  expect(column('Outcome set at')).toBe(column('Outcome') + 1);
  const exported = new Map(
    body
      // The reader drops a row's trailing empty cells: a row not reviewed ends before Outcome.
      .filter((row) => (row[column('Outcome')] ?? '') !== '')
      .map((row) => [row[column('External ID')], row[column('Outcome')]]),
  );
  expect(exported).toEqual(planned);
});
