import { userInfo } from 'node:os';
/**
 * The Send outcomes journeys: reviewed transactions become a response-variable zip, previewed,
 * saved and sent to the embedded sandbox; the re-send guard asks first; a file from disk that the
 * service refuses lands in the ledger with each of its messages; production asks before sending.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from '@playwright/test';
import type { Outcome, ResponseVariableRow } from '../../shared/domain/types';
import type { ResultPage } from '../../shared/contract/results';
import { responseCsv } from '../../shared/outcomes/response-csv';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test, type App } from './fixtures';
import { call, newestBatchId } from './steps/core';
import { analystCsv, importAndRun } from './steps/import-run';
import { openSendOutcomes, previewCount } from './steps/send';

/**
 * Imports and runs a batch in the sandbox through the screens, then gives outcomes to some of
 * its answered rows through the core (the Review screen has journeys of its own). Returns the
 * reviewed rows in the order the file lists them (the order outcomes were set).
 */
async function reviewedBatch(app: App, page: Page): Promise<ResponseVariableRow[]> {
  // One external ID holds the `;` the file will be written with: it must come back quoted.
  const rows = Array.from({ length: 24 }, (_, n) =>
    sampleTransaction(n, n === 1 ? { externalID: 'order;000001' } : {}),
  );
  await importAndRun(
    page,
    { name: 'casos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) },
    24,
  );
  const batchId = await newestBatchId(app);
  const results = await call<ResultPage>(app, 'results.page', {
    batchId,
    offset: 0,
    limit: 500,
  });
  const answered = results.rows.filter((row) => row.deviceId !== null && row.externalId !== null);
  const withSeparator = answered.find((row) => row.externalId === 'order;000001');
  const others = answered.filter((row) => row !== withSeparator);
  const chosen = [withSeparator ?? others.shift()!, ...others].slice(0, 9);
  expect(chosen).toHaveLength(9);
  const plan: Array<[Outcome, typeof chosen]> = [
    ['Suspeito', chosen.slice(0, 3)],
    ['Fraude Confirmada', chosen.slice(3, 7)],
    ['Device Positivado', chosen.slice(7, 9)],
  ];
  const reviewed: ResponseVariableRow[] = [];
  for (const [outcome, targets] of plan) {
    const change = await call<{ changed: number }>(app, 'outcomes.set', {
      targets: targets.map((row) => ({ batchId, seq: row.seq })),
      outcome,
    });
    expect(change.changed).toBe(targets.length);
    for (const row of targets)
      reviewed.push({ transactionId: row.externalId!, deviceId: row.deviceId!, outcome });
  }
  return reviewed;
}

/** A CSV line split on `;` with RFC 4180 quotes (enough for the rows of this journey). */
function cells(line: string): string[] {
  return (line.match(/("([^"]|"")*"|[^;]*)(;|$)/g) ?? [])
    .filter((part) => part !== '')
    .map((part) => part.replace(/;$/, ''))
    .map((part) => (part.startsWith('"') ? part.slice(1, -1).replace(/""/g, '"') : part));
}

test('reviewed outcomes become a zip, previewed, saved and sent; the guard asks before a re-send', async ({
  page,
  app,
}) => {
  const reviewed = await reviewedBatch(app, page);
  await openSendOutcomes(page);
  const build = page.getByTestId('build-panel');
  await expect(build.getByTestId('build-summary')).toContainText(
    '9 reviewed · 9 not yet sent to Sandbox',
  );

  // A zip written with `;`, named by the analyst.
  await build.getByTestId('build-kind-zip').check();
  await build.getByTestId('build-separator').selectOption(';');
  await build.getByTestId('build-name').fill('respostas-casos');
  await expect(build.getByTestId('preview-file-name')).toHaveText('respostas-casos.zip');
  await expect(build.getByTestId('preview-separator')).toHaveText(';');
  await expect(build.getByTestId('preview-total')).toHaveAttribute('data-value', '9');
  await expect(previewCount(build, 'Suspeito')).toHaveAttribute('data-value', '3');
  await expect(previewCount(build, 'Fraude Confirmada')).toHaveAttribute('data-value', '4');
  await expect(previewCount(build, 'Device Positivado')).toHaveAttribute('data-value', '2');
  const table = build.getByTestId('preview-rows');
  await expect(table.locator('thead th')).toHaveText([
    'Line',
    'ID Transacional',
    'DeviceId',
    'Resultado',
  ]);
  await expect(table.locator('tbody tr')).toHaveCount(9);
  for (const [index, row] of reviewed.entries())
    await expect(table.locator('tbody tr').nth(index).locator('td')).toHaveText([
      String(index + 2),
      row.transactionId,
      row.deviceId,
      row.outcome,
    ]);
  await expect(build.getByTestId('preview-sha256').locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(build.getByTestId('preview-guard')).toHaveCount(0);
  await build.getByText('Show the first lines as text').click();
  await expect(build.getByTestId('preview-text')).toContainText(
    'ID Transacional;DeviceId;Resultado',
  );
  await expect(build.getByTestId('preview-text')).toContainText(`"order;000001";`);
  await screenshot(page, 'uploads-preview');

  // The copy saved is a zip holding exactly the rows reviewed, written with `;`.
  const download = await app.download(() => build.getByTestId('save-copy').click());
  expect(download.suggestedFilename()).toBe('respostas-casos.zip');
  const saved = await readFile(await download.path());
  const zip = await JSZip.loadAsync(saved);
  expect(Object.keys(zip.files)).toEqual(['respostas-casos.csv']);
  const text = await zip.file('respostas-casos.csv')!.async('string');
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...lines] = text.slice(0, -2).split('\r\n');
  expect(header).toBe('ID Transacional;DeviceId;Resultado');
  expect(lines.map(cells)).toEqual(
    reviewed.map((row) => [row.transactionId, row.deviceId, row.outcome]),
  );
  const sizeShown = Number(await build.getByTestId('preview-size').getAttribute('data-value'));
  expect(sizeShown).toBe(saved.length);
  const sha256 = createHash('sha256').update(saved).digest('hex');
  await expect(build.getByTestId('preview-sha256').locator('code')).toHaveText(sha256);

  // Sent: the service's answer, and the first line of the ledger.
  await build.getByTestId('send-built').click();
  const result = build.getByTestId('send-result');
  await expect(result).toHaveAttribute('data-status', 'sent');
  await expect(result).toContainText('Sandbox accepted upload #1 (9 rows).');
  await expect(result).toContainText('File received.');
  const ledger = page.getByTestId('ledger');
  const first = ledger.getByTestId('upload-row-1');
  await expect(first).toHaveAttribute('data-status', 'sent');
  await expect(first.getByTestId('ledger-status')).toHaveText('Sent');
  await expect(first.getByTestId('ledger-rows')).toHaveAttribute('data-value', '9');
  await expect(first.getByTestId('ledger-kind')).toHaveText('ZIP');
  await expect(first).toContainText('respostas-casos.zip');
  // Who sent it: the analyst's name, the OS user's when none is set.
  await expect(first).toContainText(`by ${userInfo().username}`);
  await expect(first.locator('[data-sha256]')).toHaveAttribute('data-sha256', sha256);

  // Nothing is left unsent; the same rows again (all reviewed) give the same bytes.
  await expect(build.getByTestId('build-empty')).toContainText(
    'Every reviewed transaction here was already sent to Sandbox.',
  );
  await build.getByTestId('build-scope-all').check();
  await expect(build.getByTestId('preview-guard')).toContainText(
    'This same file was already accepted by Sandbox',
  );
  await build.getByTestId('send-built').click();
  const guard = build.getByTestId('confirm-resend');
  await expect(guard).toBeVisible();
  await expect(guard).toContainText('(upload #1)');
  await expect(guard).toContainText('All 9 of its transactions were already accepted by Sandbox');
  await guard.getByRole('button', { name: 'Cancel' }).click();
  await expect(guard).toBeHidden();
  await expect(build.getByTestId('send-cancelled')).toHaveText('Nothing was sent.');
  await expect(ledger.getByTestId('ledger-count')).toHaveAttribute('data-value', '1');
  expect(await call<unknown[]>(app, 'uploads.list', {})).toHaveLength(1);

  await build.getByTestId('send-built').click();
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Send anyway' }).click();
  await expect(result).toContainText('Sandbox accepted upload #2 (9 rows).');
  await expect(ledger.getByTestId('ledger-count')).toHaveAttribute('data-value', '2');
  // Newest first.
  await expect(ledger.locator('tbody tr').first()).toHaveAttribute('data-testid', 'upload-row-2');

  // A stored file saved again is the same zip.
  const stored = await app.download(() => first.getByTestId('ledger-save').click());
  expect(stored.suggestedFilename()).toBe('respostas-casos.zip');
  expect(await readFile(await stored.path())).toEqual(saved);

  // Re-sending a line of the ledger asks the same question.
  await first.getByTestId('ledger-resend').click();
  const ledgerGuard = ledger.getByTestId('confirm-resend');
  await expect(ledgerGuard).toBeVisible();
  await ledgerGuard.getByRole('button', { name: 'Send anyway' }).click();
  const third = ledger.getByTestId('upload-row-3');
  await expect(third).toHaveAttribute('data-status', 'sent');
  await expect(third).toContainText('sent again from #1');
});

test('a file from disk: problems listed by line, then a refusal with each message', async ({
  page,
  app,
}) => {
  await openSendOutcomes(page);
  await expect(page.getByTestId('build-empty')).toContainText(
    'There are no reviewed transactions here yet.',
  );
  const disk = page.getByTestId('disk-panel');

  // Our own checks first: nothing can be sent while there are problems.
  const broken = [
    'ID Transacional,DeviceId,Resultado',
    'tx-disk-1,dev-made-up-1,fraude',
    'tx-disk-2,,Suspeito',
    'tx-disk-1,dev-made-up-3,Suspeito',
  ].join('\r\n');
  await disk
    .getByTestId('disk-file-input')
    .setInputFiles({ name: 'quebrado.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  const problems = disk.getByTestId('file-problems');
  await expect(problems.locator('li')).toHaveText([
    'Line 2: “fraude” is not an outcome the service accepts (Suspeito, Fraude Confirmada or Device Positivado, written exactly).',
    'Line 3: the DeviceId is missing.',
    'Line 4: the transaction id tx-disk-1 is repeated (first on line 2).',
  ]);
  await expect(disk.getByTestId('send-disk')).toHaveCount(0);

  // A well-formed file whose DeviceIds the service never issued: sent, and refused.
  const madeUp = [
    'ID Transacional;DeviceId;Resultado',
    'tx-disk-1;dev-made-up-1;Fraude Confirmada',
    'tx-disk-2;dev-made-up-2;Suspeito',
  ].join('\r\n');
  await disk
    .getByTestId('disk-file-input')
    .setInputFiles({ name: 'inventado.csv', mimeType: 'text/csv', buffer: Buffer.from(madeUp) });
  await expect(disk.getByTestId('file-problems')).toHaveCount(0);
  await expect(disk.getByTestId('preview-total')).toHaveAttribute('data-value', '2');
  await expect(disk.getByTestId('preview-separator')).toHaveText(';');
  await expect(previewCount(disk, 'Fraude Confirmada')).toHaveAttribute('data-value', '1');
  // DeviceIds this history never saw: sent only once the analyst says so.
  const unseen = disk.getByTestId('unseen-devices');
  await expect(unseen).toContainText('2 DeviceIds of this file appear in no answer');
  await expect(unseen.locator('li')).toHaveCount(2);
  await expect(disk.getByTestId('send-disk')).toBeDisabled();
  await disk.getByTestId('allow-unseen-devices').check();
  await disk.getByTestId('send-disk').click();
  const result = disk.getByTestId('send-result');
  await expect(result).toHaveAttribute('data-status', 'refused');
  await expect(result).toContainText(
    'Sandbox refused upload #1; nothing in it was accepted (HTTP 400)',
  );
  const messages = result.getByTestId('send-messages').locator('li');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText("DeviceId 'dev-made-up-1'");
  await expect(messages.nth(1)).toContainText("DeviceId 'dev-made-up-2'");

  const line = page.getByTestId('upload-row-1');
  await expect(line).toHaveAttribute('data-status', 'refused');
  await expect(line.getByTestId('ledger-status')).toHaveText('Refused');
  await expect(line.getByTestId('ledger-kind')).toHaveText('CSV');
  await line.getByTestId('ledger-messages').locator('summary').click();
  await expect(line.getByTestId('ledger-messages').locator('li')).toHaveCount(2);
  const [view] = await call<Array<{ status: string; messages: string[] }>>(app, 'uploads.list', {});
  expect(view!.status).toBe('refused');
  expect(view!.messages).toHaveLength(2);
  await screenshot(page, 'uploads-ledger');
});

test('the separator setting is the default, and production asks before sending', async ({
  page,
  app,
}) => {
  await reviewedBatch(app, page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-separator').selectOption(';');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(
    (await call<{ responseSeparator: string }>(app, 'settings.get', {})).responseSeparator,
  ).toBe(';');

  await openSendOutcomes(page);
  const build = page.getByTestId('build-panel');
  await expect(build.getByTestId('build-separator')).toHaveValue(';');
  await expect(build.getByTestId('preview-separator')).toHaveText(';');

  // The sandbox's reviewed rows, as a file saved earlier, before switching to production.
  const { rows } = await call<{ rows: ResponseVariableRow[] }>(app, 'outcomes.fileRows', {
    scope: 'all',
  });
  // In production the sandbox's outcomes are not offered: their devices are the sandbox's.
  await call(app, 'settings.update', { activeEnvironment: 'production' });
  await page.reload();
  await openSendOutcomes(page);
  await expect(build.getByTestId('build-empty')).toContainText(
    'None of the reviewed transactions here comes from Production’s answers',
  );
  // Nor can they go from disk: the DeviceIds are refused, a few named, and no box overrides it.
  const disk = page.getByTestId('disk-panel');
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'do-sandbox.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(responseCsv(rows, ',')),
  });
  const foreign = disk.getByTestId('foreign-devices');
  await expect(foreign).toContainText(
    `${String(rows.length)} DeviceIds of this file come only from answers of Sandbox, never of Production`,
  );
  await expect(foreign.locator('li')).toHaveCount(Math.min(rows.length, 5));
  await expect(disk.getByTestId('allow-unseen-devices')).toHaveCount(0);
  await expect(disk.getByTestId('send-disk')).toBeDisabled();
  // A file from disk to production asks first; cancelling sends nothing.
  const file = [
    'ID Transacional;DeviceId;Resultado',
    'tx-prod-1;dev-0123456789abcdef0123;Suspeito',
  ];
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'producao.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file.join('\r\n')),
  });
  await disk.getByTestId('allow-unseen-devices').check();
  await disk.getByTestId('send-disk').click();
  const dialog = disk.getByTestId('confirm-production-upload');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('will be sent to the real Device Check Service');
  await screenshot(page, 'uploads-production-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(disk.getByTestId('send-cancelled')).toBeVisible();
  expect(await call<unknown[]>(app, 'uploads.list', {})).toEqual([]);
});

test('the preview warns about IDs Excel would run as formulas, and shows them unchanged', async ({
  page,
  app: _app,
}) => {
  await openSendOutcomes(page);
  const disk = page.getByTestId('disk-panel');
  const risky = [
    'ID Transacional,DeviceId,Resultado',
    'tx-disk-9,dev-made-up-9,Suspeito',
    '=SUM(1+2),dev-made-up-10,Suspeito',
  ].join('\r\n');
  await disk
    .getByTestId('disk-file-input')
    .setInputFiles({ name: 'formula.csv', mimeType: 'text/csv', buffer: Buffer.from(risky) });
  await expect(disk.getByTestId('preview-formula')).toContainText(
    'or has one right after a comma or semicolon: 3 (1 in all)',
  );
  await expect(disk.getByTestId('preview-rows')).toContainText('=SUM(1+2)');
  await expect(disk.getByTestId('preview-rows')).not.toContainText("'=SUM");
});

test('a large file from disk is read off the window thread: the window answers while it is read', async ({
  page,
  app: _app,
}) => {
  test.setTimeout(120_000);
  await openSendOutcomes(page);
  const disk = page.getByTestId('disk-panel');
  // 250,000 rows, about 12 MB: read on the window's thread this held it for seconds.
  const rows = 250_000;
  const outcomes: Outcome[] = ['Suspeito', 'Fraude Confirmada', 'Device Positivado'];
  const lines = ['ID Transacional,DeviceId,Resultado'];
  for (let n = 0; n < rows; n += 1)
    lines.push(`tx-large-${n},dev-large-${n % 1000},${outcomes[n % 3]!}`);
  // From a path: a buffer would be turned into a File on the window's thread by Playwright itself.
  const path = test.info().outputPath('grande.csv');
  await writeFile(path, lines.join('\r\n'));

  // Every long task of the window from the choice on (a string: this file is typed for Node).
  await page.evaluate(`(() => {
    window.diskLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.diskLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  })()`);
  await disk.getByTestId('disk-file-input').setInputFiles(path);
  await expect(disk.getByRole('status')).toContainText('Reading the file');
  await expect(disk.getByTestId('preview-total')).toHaveAttribute('data-value', String(rows), {
    timeout: 60_000,
  });
  await expect(previewCount(disk, 'Suspeito')).toHaveAttribute(
    'data-value',
    String(Math.ceil(rows / 3)),
  );
  await expect(disk.getByTestId('disk-file-name')).toContainText('grande.csv');
  // The core checked it too: its DeviceIds are in no answer of this history.
  await expect(disk.getByTestId('unseen-devices')).toBeVisible({ timeout: 60_000 });
  const longTasks = await page.evaluate<number[]>('window.diskLongTasks');
  // Rendering the preview and sending the file to the core still take the thread a little;
  // reading it there took seconds.
  expect(Math.max(0, ...longTasks), `long tasks: ${longTasks.join(', ')} ms`).toBeLessThan(250);
});

test('a reader that stops is said, not waited for; the next choice reads again', async ({
  page,
  app,
}) => {
  test.skip(
    app.host === 'electron',
    'The worker is replaced by routing web requests (app:// in Electron).',
  );
  await openSendOutcomes(page);
  const disk = page.getByTestId('disk-panel');
  // The worker's module throws as it loads, as one that ran out of memory would stop.
  await page.route('**/response-file.worker-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "throw new Error('reader down');" }),
  );
  const csv = ['ID Transacional,DeviceId,Resultado', 'PED-000001,dev-1,Suspeito'].join('\r\n');
  const input = disk.getByTestId('disk-file-input');
  await input.setInputFiles({ name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(disk.getByRole('alert')).toContainText(
    'The file could not be read: the reader stopped (',
  );
  await expect(disk.getByRole('alert')).toContainText('reader down');
  await expect(disk.getByRole('status')).toHaveCount(0);

  await page.unroute('**/response-file.worker-*.js');
  await input.setInputFiles({ name: 'b.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(disk.getByTestId('preview-total')).toHaveAttribute('data-value', '1');
  await expect(disk.getByText('the reader stopped')).toHaveCount(0);
});
