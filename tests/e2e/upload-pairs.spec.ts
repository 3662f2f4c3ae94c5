/**
 * A file from disk whose DeviceId column was sorted apart from its transactions: the send screen
 * names the rows and sends nothing; a known DeviceId with a transaction never looked up here
 * goes only once the analyst ticks the box.
 */
import type { ResultPage } from '../../shared/contract/results';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { call, newestBatchId } from './steps/core';
import { analystCsv, importAndRun } from './steps/import-run';
import { openSendOutcomes } from './steps/send';

test('a transaction with another transaction’s DeviceId is refused; one never looked up asks', async ({
  page,
  app,
}) => {
  const rows = Array.from({ length: 8 }, (_, n) => sampleTransaction(n));
  await importAndRun(
    page,
    { name: 'casos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) },
    8,
  );
  const batchId = await newestBatchId(app);
  const results = await call<ResultPage>(app, 'results.page', { batchId, offset: 0, limit: 50 });
  const answered = results.rows.filter((row) => row.deviceId !== null && row.externalId !== null);
  const [a, b, c] = answered as [(typeof answered)[0], (typeof answered)[0], (typeof answered)[0]];
  expect(c).toBeTruthy();

  await openSendOutcomes(page);
  const disk = page.getByTestId('disk-panel');
  const shuffled = [
    'ID Transacional,DeviceId,Resultado',
    `${a.externalId},${b.deviceId},Suspeito`,
    `${b.externalId},${c.deviceId},Suspeito`,
  ];
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'embaralhado.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(shuffled.join('\r\n')),
  });
  const other = disk.getByTestId('other-devices');
  await expect(other).toContainText(
    '2 rows of this file pair a transaction with a DeviceId that no answer of Sandbox gave it',
  );
  await expect(other.locator('li').first()).toHaveText(`${a.externalId}: ${b.deviceId}`);
  await expect(disk.getByTestId('allow-unseen-devices')).toHaveCount(0);
  await expect(disk.getByTestId('send-disk')).toBeDisabled();

  const loose = ['ID Transacional,DeviceId,Resultado', `never-looked-up-id,${c.deviceId},Suspeito`];
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'avulso.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(loose.join('\r\n')),
  });
  const unpaired = disk.getByTestId('unpaired-devices');
  await expect(unpaired).toContainText(
    '1 row of this file pairs a DeviceId known in Sandbox with a transaction this history never looked up there',
  );
  await expect(disk.getByTestId('send-disk')).toBeDisabled();
  await disk.getByTestId('allow-unseen-devices').check();
  await expect(disk.getByTestId('send-disk')).toBeEnabled();
});
