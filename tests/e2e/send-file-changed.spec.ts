/**
 * Found by an outside tester (attack e3): while the question before a send was open, another
 * process changed an outcome; the screen behind showed the new file, and "Send anyway" sent the
 * old one. The question names the file it will send, and goes when the file on screen changes.
 * And a send's result belongs to its file: it goes when another file is built.
 */
import type { Page } from '@playwright/test';
import { startSandbox } from '../../electron/sandbox';
import type { ResultPage } from '../../shared/contract/results';
import type { UploadView } from '../../shared/contract/outcomes';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { call, newestBatchId } from './steps/core';
import { analystCsv, importAndRun } from './steps/import-run';
import { openSendOutcomes, previewCount } from './steps/send';

/** A sandbox batch of six, three of its answered rows reviewed as Suspeito; their seqs. */
async function threeReviewed(app: App, page: Page) {
  const rows = Array.from({ length: 6 }, (_, n) => sampleTransaction(n));
  await importAndRun(
    page,
    { name: 'casos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) },
    6,
  );
  const batchId = await newestBatchId(app);
  const results = await call<ResultPage>(app, 'results.page', { batchId, offset: 0, limit: 50 });
  const answered = results.rows.filter((row) => row.deviceId !== null).slice(0, 3);
  expect(answered).toHaveLength(3);
  const targets = answered.map((row) => ({ batchId, seq: row.seq }));
  await call(app, 'outcomes.set', { targets, outcome: 'Suspeito' });
  return targets;
}

/** The file on screen's SHA-256, once its check has computed it. */
async function shownSha(page: Page): Promise<string> {
  const code = page.getByTestId('build-panel').getByTestId('preview-sha256').locator('code');
  await expect(code).toHaveText(/^[0-9a-f]{64}$/);
  return (await code.textContent()) ?? '';
}

test('a file rebuilt while its question is open is not sent: the question goes, the new one is asked', async ({
  page,
  app,
}) => {
  const targets = await threeReviewed(app, page);
  await openSendOutcomes(page);
  const build = page.getByTestId('build-panel');
  await build.getByTestId('send-built').click();
  await expect(build.getByTestId('send-result')).toHaveAttribute('data-status', 'sent');

  // The same rows again: the guard asks, naming the file and its hash.
  await build.getByTestId('build-scope-all').check();
  await expect(build.getByTestId('send-result')).toHaveCount(0);
  const old = await shownSha(page);
  await build.getByTestId('send-built').click();
  const question = build.getByTestId('confirm-resend');
  await expect(question).toBeVisible();
  await expect(question).toContainText(`(SHA-256 ${old.slice(0, 12)}…)`);

  // Another process changes one of its outcomes: the screen builds the file again.
  await call(app, 'outcomes.set', { targets: targets.slice(0, 1), outcome: 'Device Positivado' });
  await expect(previewCount(build, 'Device Positivado')).toHaveAttribute('data-value', '1');
  await expect(question).toBeHidden();
  await expect(build.getByTestId('send-file-changed')).toHaveText(
    'The file changed while you were being asked: nothing was sent. Check the new file below, and send it if it is right.',
  );
  const current = await shownSha(page);
  expect(current).not.toBe(old);
  expect(await call<UploadView[]>(app, 'uploads.list', {})).toHaveLength(1);

  // Sent now: the file on screen, never the old one.
  await build.getByTestId('send-built').click();
  await expect(question).toContainText(`(SHA-256 ${current.slice(0, 12)}…)`);
  await question.getByRole('button', { name: 'Send anyway' }).click();
  await expect(build.getByTestId('send-result')).toHaveAttribute('data-status', 'sent');
  await expect(build.getByTestId('send-file-changed')).toHaveCount(0);
  const ledger = await call<UploadView[]>(app, 'uploads.list', {});
  expect(ledger.map((upload) => upload.sha256)).toEqual([current, expect.any(String)]);
});

test('a send’s result goes when another file is built, or another send adds a newer line', async ({
  page,
  app,
}) => {
  const service = await startSandbox();
  try {
    await call(app, 'credentials.save', { environment: 'test', username: 'a', password: 'b' });
    await call(app, 'settings.update', { testBaseUrl: service.url, activeEnvironment: 'test' });
    await page.reload();
    const targets = await threeReviewed(app, page);
    await openSendOutcomes(page);
    const build = page.getByTestId('build-panel');
    const ledger = page.getByTestId('ledger');

    // A failure, then another file: the red notice was about the old one.
    service.forceNext(503, { route: 'responsevariables' });
    await build.getByTestId('send-built').click();
    await expect(build.getByTestId('send-result')).toHaveAttribute('data-status', 'failed');
    // The screen has read the ledger again after the send: the notice is now the file's. (An
    // outcome changed before that moment leaves the notice on the new file: see the note.)
    await expect(ledger.getByTestId('upload-row-1')).toHaveAttribute('data-status', 'failed');
    await call(app, 'outcomes.set', { targets: targets.slice(0, 1), outcome: 'Fraude Confirmada' });
    await expect(previewCount(build, 'Fraude Confirmada')).toHaveAttribute('data-value', '1');
    await expect(build.getByTestId('send-result')).toHaveCount(0);

    // Sent (#2); then #1 again from the ledger (#3): each panel says only its own, the newest.
    await build.getByTestId('send-built').click();
    await expect(build.getByTestId('send-result')).toContainText('accepted upload #2');
    await ledger.getByRole('button', { name: /^Send again: upload #1,/ }).click();
    await ledger.getByTestId('confirm-resend').getByRole('button', { name: 'Send anyway' }).click();
    await expect(ledger.getByTestId('send-result')).toContainText('accepted upload #3');
    await expect(build.getByTestId('send-result')).toHaveCount(0);

    // The whole file again from the build panel (#4): the ledger's notice of #3 goes.
    await build.getByTestId('build-scope-all').check();
    await build.getByTestId('send-built').click();
    await build.getByTestId('confirm-resend').getByRole('button', { name: 'Send anyway' }).click();
    await expect(build.getByTestId('send-result')).toContainText('accepted upload #4');
    await expect(ledger.getByTestId('send-result')).toHaveCount(0);
  } finally {
    await service.close();
  }
});

test('an outcome corrected after it was sent is asked about as a correction, not a repeat', async ({
  page,
  app,
}) => {
  const targets = await threeReviewed(app, page);
  await openSendOutcomes(page);
  const build = page.getByTestId('build-panel');
  await build.getByTestId('send-built').click();
  await expect(build.getByTestId('send-result')).toHaveAttribute('data-status', 'sent');

  await call(app, 'outcomes.set', { targets: targets.slice(0, 1), outcome: 'Fraude Confirmada' });
  await expect(build.getByTestId('preview-total')).toHaveAttribute('data-value', '1');
  await build.getByTestId('send-built').click();
  const question = build.getByTestId('confirm-resend');
  await expect(question).toContainText(
    'Sending it reports a corrected outcome: the service then has the new one after the one sent before.',
  );
  await expect(question).not.toContainText('twice');
  await question.getByRole('button', { name: 'Cancel' }).click();
});
