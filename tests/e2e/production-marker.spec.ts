/**
 * Every question before something goes to production carries a red PRODUCTION marker (the
 * page's banner may be scrolled away behind the dialog), and the "send again?" question in
 * production says it goes to production.
 */
import { startSandbox } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { openSendOutcomes } from './steps/send';

async function production(app: App, url: string): Promise<void> {
  for (const [name, input] of [
    ['credentials.save', { environment: 'production', username: 'analista', password: 'x' }],
    ['settings.update', { productionBaseUrl: url, activeEnvironment: 'production' }],
  ] as Array<[string, unknown]>) {
    const result = await app.call(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
}

test('the production run question carries the PRODUCTION marker', async ({ page, app }) => {
  const prod = await startSandbox();
  try {
    await production(app, prod.url);
    await page.reload();
    const t = sampleTransaction(1);
    const csv = [
      'Pedido;Sessão;CPF;E-mail;CEP',
      [t.externalID, t.sessionID, t.cpf, t.email, t.zipCode].join(';'),
    ];
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'um.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n')),
    });
    await page.getByTestId('run-lookups').click();
    const dialog = page.getByTestId('confirm-production-run');
    await expect(dialog.getByTestId('dialog-production-marker')).toHaveText(
      'PRODUCTION — the real Device Check Service',
    );
    await expect(dialog.getByTestId('dialog-production-marker')).toHaveCSS(
      'background-color',
      /rgb\(/,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await prod.close();
  }
});

test('sending a file again in production says so, with the marker, in both questions', async ({
  page,
  app,
}) => {
  const prod = await startSandbox();
  try {
    await production(app, prod.url);
    await page.reload();
    await openSendOutcomes(page);
    const disk = page.getByTestId('disk-panel');
    const file = {
      name: 'producao.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'ID Transacional;DeviceId;Resultado\r\ntx-prod-1;dev-0123456789abcdef0123;Suspeito',
      ),
    };
    await disk.getByTestId('disk-file-input').setInputFiles(file);
    await disk.getByTestId('allow-unseen-devices').check();
    await disk.getByTestId('send-disk').click();
    const asked = disk.getByTestId('confirm-production-upload');
    await expect(asked.getByTestId('dialog-production-marker')).toBeVisible();
    await asked.getByTestId('confirm-production-upload-confirm').click();
    await expect.poll(() => prod.counters().uploads).toBe(1);

    // Again from the ledger: production first, then the re-send question, both marked.
    const ledger = page.getByTestId('ledger');
    await ledger.getByRole('button', { name: 'Send again: upload #1, producao.csv' }).click();
    const first = ledger.getByTestId('confirm-production-upload');
    await expect(first.getByTestId('dialog-production-marker')).toBeVisible();
    await first.getByTestId('confirm-production-upload-confirm').click();
    const again = ledger.getByTestId('confirm-resend');
    await expect(again).toBeVisible();
    await expect(again.getByTestId('dialog-production-marker')).toBeVisible();
    await expect(again).toContainText('It goes to the real Device Check Service, in production.');
    await again.getByRole('button', { name: 'Cancel' }).click();
    expect(prod.counters().uploads).toBe(1);
  } finally {
    await prod.close();
  }
});
