/**
 * The review journeys: a batch's rows reviewed from the keyboard (riskiest first), outcomes set
 * for a selection and for every row matching a filter, the hits of a search reviewed, and outcomes
 * imported from a case-system spreadsheet after a report that changes nothing.
 */
import * as XLSX from 'xlsx';
import type { OutcomeChange } from '../../shared/contract/outcomes';
import type { ResultPage } from '../../shared/contract/results';
import type { DeviceRisk } from '../../shared/domain/types';
import { sandboxAnswer } from '../../electron/sandbox/answers';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test, type App } from './fixtures';
import { batchRows, call, finishedBatch } from './steps/core';
import { openReview, reviewLine } from './steps/review';

function sourceRow(row: number, n: number, sessionID = sampleTransaction(n).sessionID) {
  const { externalID, cpf, email, zipCode } = sampleTransaction(n);
  return { row, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
}

type SourceRow = ReturnType<typeof sourceRow>;

/** What the sandbox answers a row: its status, risk and score. */
function answerOf(row: SourceRow) {
  const answer = sandboxAnswer(row.raw);
  return {
    externalID: row.raw.externalID,
    status: answer.status,
    risk: answer.status === 200 ? (answer.body.deviceRisk as DeviceRisk) : null,
  };
}

/** Sample rows `first…` until `count`, plus the first later sample the sandbox answers 204. */
function rowsWithNoContent(first: number, count: number): SourceRow[] {
  const rows = Array.from({ length: count }, (_, index) => sourceRow(index + 2, first + index));
  for (let n = first + count; ; n += 1) {
    const candidate = sourceRow(rows.length + 2, n);
    if (answerOf(candidate).status === 204) return [...rows, candidate];
  }
}

/** Runs a batch through the core, in the sandbox, and waits until every row is answered. */
function runBatch(app: App, name: string, rows: SourceRow[]): Promise<string> {
  return finishedBatch(app, { sourceName: name, sourceSha256: 'b'.repeat(64), rows });
}

async function storedOutcome(app: App, batchId: string, externalId: string) {
  const row = (await batchRows(app, batchId)).find((item) => item.externalId === externalId);
  return row?.outcome ?? null;
}

const riskRank: Record<string, number> = { high: 4, medium: 3, low: 2, undefined: 1, none: 0 };

test('reviewing a batch from the keyboard: riskiest first, outcomes that persist, the row in full, bulk changes', async ({
  page,
  app,
}) => {
  const rows = rowsWithNoContent(300, 36);
  const answers = rows.map(answerOf);
  const highs = answers.filter((answer) => answer.risk === 'high').length;
  const mediums = answers.filter((answer) => answer.risk === 'medium').length;
  expect(highs).toBeGreaterThanOrEqual(5);
  expect(mediums).toBeGreaterThanOrEqual(2);
  const batchId = await runBatch(app, 'revisao.csv', rows);

  await openReview(page);
  await expect(page.getByTestId('review-source')).toHaveValue(batchId);
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(rows.length));
  await expect(page.getByTestId('review-sort')).toHaveValue('risk');

  // Riskiest first: the ranks of the first lines never go up, and the top ones are all high.
  const ranks: number[] = [];
  for (let index = 0; index < 10; index += 1)
    ranks.push(riskRank[(await reviewLine(page, index).getAttribute('data-risk')) ?? 'none'] ?? 0);
  expect(ranks.slice(0, highs).every((rank) => rank === riskRank.high)).toBe(true);
  expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  const ids: string[] = [];
  for (let index = 0; index < 5; index += 1)
    ids.push((await reviewLine(page, index).getAttribute('data-external-id')) ?? '');

  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await expect(queue).toHaveAttribute('data-active', '0');
  await expect(queue).toHaveAttribute('aria-activedescendant', /-row-0$/);
  for (const key of ['1', 'j', '2', 'j', '3', 'k', '0']) await queue.press(key);

  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'Suspeito');
  await expect(reviewLine(page, 2)).toHaveAttribute('data-outcome', 'Fraude Confirmada');
  await expect(reviewLine(page, 4)).toHaveAttribute('data-outcome', 'none');
  await expect(reviewLine(page, 1)).toHaveAttribute('data-outcome', 'none');
  await expect(reviewLine(page, 3)).toHaveAttribute('data-outcome', 'none');
  // 0 is an outcome key like the others: the row is cleared and the next one becomes current.
  await expect(queue).toHaveAttribute('data-active', '5');
  await expect(page.getByTestId('review-message')).toHaveText(
    `Row ${(await reviewLine(page, 4).getAttribute('data-row')) ?? ''}: outcome cleared.`,
  );
  // The current line tells a screen reader its outcome.
  await expect(reviewLine(page, 0)).toHaveAttribute('aria-label', /Suspeito, set /);
  expect(await storedOutcome(app, batchId, ids[0]!)).toBe('Suspeito');
  expect(await storedOutcome(app, batchId, ids[2]!)).toBe('Fraude Confirmada');
  expect(await storedOutcome(app, batchId, ids[4]!)).toBeNull();
  const summary = page.getByTestId('review-summary-chart').locator('tbody');
  await expect(summary.locator('tr[data-key="Suspeito"] td')).toHaveAttribute('data-value', '1');
  await expect(summary.locator('tr[data-key="Fraude Confirmada"] td')).toHaveAttribute(
    'data-value',
    '1',
  );
  await expect(summary.locator('tr[data-key="Device Positivado"] td')).toHaveAttribute(
    'data-value',
    '0',
  );

  // Enter opens the current row in full; it follows the current row; Escape closes it.
  await queue.press('Home');
  await queue.press('Enter');
  const detail = page.getByTestId('review-detail');
  await expect(detail).toHaveAttribute(
    'data-seq',
    (await reviewLine(page, 0).getAttribute('data-seq'))!,
  );
  await expect(detail.getByTestId('review-detail-outcome')).toHaveAttribute(
    'data-outcome',
    'Suspeito',
  );
  await expect(detail.getByTestId('detail-answer')).toContainText('"deviceRisk": "high"');
  await expect(queue).toBeFocused();
  await screenshot(page, 'review-queue');
  await queue.press('j');
  await expect(detail).toHaveAttribute(
    'data-seq',
    (await reviewLine(page, 1).getAttribute('data-seq'))!,
  );
  await queue.press('Escape');
  await expect(detail).toHaveCount(0);

  // The row the service found no device for is last; it says why it cannot be reviewed.
  await queue.press('End');
  const last = reviewLine(page, rows.length - 1);
  await expect(last).toHaveAttribute('data-risk', 'none');
  await queue.press('2');
  await expect(page.getByTestId('review-message')).toHaveText(
    `Row ${(await last.getAttribute('data-row')) ?? ''} cannot be reviewed: the service found no device for it (204 No Content, or no answer).`,
  );
  await expect(last).toHaveAttribute('data-outcome', 'none');
  await expect(queue).toHaveAttribute('data-active', String(rows.length - 1));

  // The outcomes survive the app closing and opening again.
  await app.restart();
  await openReview(page);
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'Suspeito');
  await expect(reviewLine(page, 2)).toHaveAttribute('data-outcome', 'Fraude Confirmada');

  // A selection: a tick, then a shift-click, then one outcome for the three.
  await page.getByTestId('review-state-none').check();
  const unreviewed = rows.length - 2;
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(unreviewed));
  await reviewLine(page, 0).getByTestId('review-tick').click();
  await reviewLine(page, 2)
    .getByTestId('review-tick')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('review-selected')).toHaveAttribute('data-value', '3');
  // A key on several ticked rows asks first; cancelling changes nothing and keeps the selection.
  await queue.press('1');
  const keysDialog = page.getByTestId('review-keys-confirm');
  await expect(keysDialog).toContainText('Change the 3 selected rows?');
  await keysDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(keysDialog).toBeHidden();
  await expect(page.getByTestId('review-selected')).toHaveAttribute('data-value', '3');
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(unreviewed));
  const picked: string[] = [];
  for (let index = 0; index < 3; index += 1)
    picked.push((await reviewLine(page, index).getAttribute('data-external-id')) ?? '');
  await page.getByTestId('review-bulk-outcome').selectOption('Device Positivado');
  await page.getByTestId('review-set-selected').click();
  await expect(page.getByTestId('review-message')).toHaveText(
    'Rows set to “Device Positivado”: 3.',
  );
  await expect(page.getByTestId('review-count')).toHaveAttribute(
    'data-value',
    String(unreviewed - 3),
  );
  for (const id of picked) expect(await storedOutcome(app, batchId, id)).toBe('Device Positivado');

  // Every row matching a filter, after a question.
  await page.getByTestId('review-state-none').uncheck();
  await page.getByTestId('review-risk-medium').check();
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(mediums));
  await page.getByTestId('review-bulk-outcome').selectOption('Fraude Confirmada');
  await page.getByTestId('review-set-matching').click();
  const dialog = page.getByTestId('review-confirm-matching');
  await expect(dialog).toContainText(
    `“Fraude Confirmada” will be set on all ${String(mediums)} rows`,
  );
  await page.getByTestId('review-confirm-matching-confirm').click();
  await expect(page.getByTestId('review-message')).toHaveText(
    `Rows set to “Fraude Confirmada”: ${String(mediums)}.`,
  );
  // Focus is back on the button that asked, not on a neighbour it went to while the outcome was set.
  await expect(page.getByTestId('review-set-matching')).toBeFocused();
  await expect(
    page.locator('[data-testid^="review-line-"][data-outcome="Fraude Confirmada"]'),
  ).toHaveCount(mediums);
  const stored = await batchRows(app, batchId);
  expect(
    stored
      .filter((row) => row.deviceRisk === 'medium')
      .every((row) => row.outcome === 'Fraude Confirmada'),
  ).toBe(true);

  const filtered = await call<ResultPage>(app, 'results.page', {
    batchId,
    filter: { outcomes: ['Fraude Confirmada'] },
    sort: 'row',
    direction: 'asc',
    offset: 0,
    limit: 500,
  });
  // The medium rows, and the high one set with the key 2.
  expect(filtered.total).toBe(mediums + 1);
});

test('reviewing the hits of a search', async ({ page, app }) => {
  const shared = sampleTransaction(401).sessionID;
  const rows = [sourceRow(2, 401), sourceRow(3, 402, shared), sourceRow(4, 403)];
  expect(answerOf(rows[0]!).status).toBe(200);
  const batchId = await runBatch(app, 'busca.csv', rows);

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('search-input').fill(shared);
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-value', '2');
  await page.getByTestId('review-search-hits').click();

  await expect(page.getByTestId('review-source')).toHaveValue('search');
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', '2');
  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await queue.press('2');
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'Fraude Confirmada');
  const id = (await reviewLine(page, 0).getAttribute('data-external-id')) ?? '';
  expect(await storedOutcome(app, batchId, id)).toBe('Fraude Confirmada');
  await expect(
    page.getByTestId('review-summary-chart').locator('tr[data-key="Fraude Confirmada"] td'),
  ).toHaveAttribute('data-value', '1');
});

test('importing outcomes from a case-system spreadsheet: the report first, then apply', async ({
  page,
  app,
}) => {
  const rows = rowsWithNoContent(500, 8);
  const answers = rows.map(answerOf);
  const answered = answers.filter((answer) => answer.status === 200).map((a) => a.externalID);
  const noDevice = answers.find((answer) => answer.status === 204)!.externalID;
  expect(answered.length).toBeGreaterThanOrEqual(6);
  const batchId = await runBatch(app, 'casos.csv', rows);
  const [newA, newB, newC, conflict, same, twice] = answered as [string, ...string[]];

  // Stored beforehand: one that the file contradicts (conflict), one it repeats (unchanged).
  const seqOf = async (id: string) =>
    (await batchRows(app, batchId)).find((row) => row.externalId === id)!.seq;
  await call<OutcomeChange>(app, 'outcomes.set', {
    targets: [{ batchId, seq: await seqOf(conflict!) }],
    outcome: 'Suspeito',
  });
  await call<OutcomeChange>(app, 'outcomes.set', {
    targets: [{ batchId, seq: await seqOf(same!) }],
    outcome: 'Fraude Confirmada',
  });

  const sheet = [
    ['Exportação do sistema de casos — maio'],
    ['ID Transacional', 'Analista', 'Resultado'],
    [newA, 'ana', 'fraude confirmada'], // row 3: new
    [newB, 'ana', 'SUSPEITO'], // row 4: new
    [newC, 'bia', 'dispositivo positivado'], // row 5: new
    [conflict, 'bia', 'Fraude Confirmada'], // row 6: conflict (Suspeito stored)
    [same, 'caio', 'Fraude  confirmada'], // row 7: unchanged
    ['PEDIDO-QUE-NAO-EXISTE', 'caio', 'Suspeito'], // row 8: not found
    [noDevice, 'caio', 'Suspeito'], // row 9: no device (204)
    [twice, 'dani', 'Suspeito'], // row 10: contradiction
    [twice, 'dani', 'Device Positivado'], // row 11: contradiction
    ['order-999999', 'dani', 'Talvez'], // row 12: unknown value
    ['', 'dani', 'Suspeito'], // row 13: blank id
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Casos');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

  await openReview(page);
  const shown = (id: string) =>
    page.locator(`[data-testid^="review-line-"][data-external-id="${id}"]`);
  // Outcomes set elsewhere (here through the core) show when the section opens.
  await expect(shown(conflict!)).toHaveAttribute('data-outcome', 'Suspeito');
  await page.getByTestId('review-tab-import').click();
  await expect(page.getByTestId('review-queue')).toBeHidden();
  await page.getByTestId('review-import-input').setInputFiles({
    name: 'casos-maio.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect(page.getByTestId('review-import-header-row')).toHaveValue('1');
  // The chosen header row reads as written, and so do outcomes; a data row's ID and name do not.
  const headerRows = page.getByTestId('review-import-header-row').locator('option');
  await expect(headerRows.nth(1)).toHaveText('Row 2: ID Transacional | Analista | Resultado');
  await expect(headerRows.nth(2)).toHaveText('Row 3: … | a*** | fraude confirmada');
  await expect(page.getByTestId('review-map-transactionId')).toHaveValue('0');
  await expect(page.getByTestId('review-map-outcome')).toHaveValue('2');
  await expect(page.getByTestId('review-import-readable')).toHaveAttribute('data-value', '9');
  await expect(page.getByTestId('review-import-unknown')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('review-import-blank')).toHaveAttribute('data-value', '1');
  await page.getByTestId('review-import-unknown').locator('summary').click();
  await expect(page.getByTestId('review-import-unknown-rows')).toContainText('Row 12');
  await expect(page.getByTestId('review-import-unknown-rows')).toContainText('“Talvez”');

  const report = page.getByTestId('review-import-report');
  const count = (name: string) => report.getByTestId(`review-report-${name}`);
  await expect(count('apply')).toHaveAttribute('data-value', '3');
  await expect(count('unchanged')).toHaveAttribute('data-value', '1');
  await expect(count('not-found')).toHaveAttribute('data-value', '1');
  await expect(count('without-device')).toHaveAttribute('data-value', '1');
  await expect(count('conflicts')).toHaveAttribute('data-value', '1');
  await expect(count('contradictions')).toHaveAttribute('data-value', '2');
  await count('conflicts').locator('summary').click();
  const conflictRows = count('conflicts').getByRole('listitem');
  await expect(conflictRows).toHaveCount(1);
  await expect(conflictRows).toContainText('Row 6');
  await expect(conflictRows).toContainText(conflict!);
  await expect(conflictRows).toContainText('stored “Suspeito”, file “Fraude Confirmada”');
  await count('not-found').locator('summary').click();
  await expect(count('not-found').getByRole('listitem')).toContainText('PEDIDO-QUE-NAO-EXISTE');
  await count('contradictions').locator('summary').click();
  await expect(count('contradictions')).toContainText('Row 10');
  await expect(count('contradictions')).toContainText('Row 11');
  // Nothing changed yet.
  expect(await storedOutcome(app, batchId, newA)).toBeNull();
  await screenshot(page, 'review-import-report');

  await expect(page.getByTestId('review-import-apply')).toHaveText('Apply the outcomes (3)');
  await page.getByTestId('review-import-apply').click();
  await expect(page.getByTestId('review-import-result')).toHaveText(
    'Outcomes applied: 3. Conflicting outcomes kept as they were: 1.',
  );
  expect(await storedOutcome(app, batchId, newA)).toBe('Fraude Confirmada');
  expect(await storedOutcome(app, batchId, newB!)).toBe('Suspeito');
  expect(await storedOutcome(app, batchId, newC!)).toBe('Device Positivado');
  expect(await storedOutcome(app, batchId, conflict!)).toBe('Suspeito');
  expect(await storedOutcome(app, batchId, twice!)).toBeNull();
  // The report is checked again: what was applied is now unchanged.
  await expect(count('apply')).toHaveAttribute('data-value', '0');
  await expect(count('unchanged')).toHaveAttribute('data-value', '4');

  await page.getByTestId('review-import-replace').check();
  await page.getByTestId('review-import-apply').click();
  await expect(page.getByTestId('review-import-result')).toHaveText('Outcomes applied: 1.');
  expect(await storedOutcome(app, batchId, conflict!)).toBe('Fraude Confirmada');

  await page.getByTestId('review-tab-queue').click();
  await expect(shown(newA)).toHaveAttribute('data-outcome', 'Fraude Confirmada');
  await expect(shown(newC!)).toHaveAttribute('data-outcome', 'Device Positivado');
  await expect(shown(conflict!)).toHaveAttribute('data-outcome', 'Fraude Confirmada');

  // A file that is not a spreadsheet: the import screen's own words.
  await page.getByTestId('review-tab-import').click();
  await page.getByTestId('review-import-input').setInputFiles({
    name: 'casos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  });
  await expect(page.getByTestId('review-import-problem')).toHaveAttribute(
    'data-code',
    'unsupported',
  );
  await expect(page.getByTestId('review-import-problem')).toContainText(
    'This is not a spreadsheet the app can read (.xlsx, .xls or .csv).',
  );
  await expect(page.getByTestId('review-import-report')).toHaveCount(0);
});
