/**
 * Found by an outside tester: while a file was on its way, its own ledger line said it had failed
 * because "the app stopped", the screen called it "already accepted", and "Send again" then
 * "Send anyway" reached the service twice. And a send that failed on the network, in pt-BR,
 * showed the core's English sentence unlabelled, with advice to fix the file.
 */
import { startSandbox } from '../../electron/sandbox';
import { expect, test, type App } from './fixtures';
import { openSendOutcomes } from './steps/send';

const file = {
  name: 'a-caminho.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'ID Transacional;DeviceId;Resultado',
      'tx-fly-1;dev-fly-1;Suspeito',
      'tx-fly-2;dev-fly-2;Suspeito',
    ].join('\r\n'),
  ),
};

async function useTestAt(app: App, url: string, language: 'en' | 'pt-BR') {
  const setup: Array<[string, unknown]> = [
    ['credentials.save', { environment: 'test', username: 'analista', password: 'segredo' }],
    ['settings.update', { testBaseUrl: url, activeEnvironment: 'test', language }],
  ];
  for (const [name, input] of setup) {
    const result = await app.call(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
}

test('a file on its way is Sending…, cannot go again, and stays so after a reload', async ({
  page,
  app,
}) => {
  const slow = await startSandbox({ latencyMs: 4_000 });
  try {
    await useTestAt(app, slow.url, 'en');
    await page.reload();
    await openSendOutcomes(page);
    const disk = page.getByTestId('disk-panel');
    await disk.getByTestId('disk-file-input').setInputFiles(file);
    await disk.getByTestId('allow-unseen-devices').check();
    await disk.getByTestId('send-disk').click();

    const line = page.getByTestId('upload-row-1');
    await expect(line).toHaveAttribute('data-status', 'sending');
    await expect(line.getByTestId('ledger-status')).toHaveText('Sending…');
    await expect(line.getByTestId('ledger-messages')).toHaveCount(0);
    await expect(line.getByTestId('ledger-resend')).toBeDisabled();
    await expect(page.getByText(/the app stopped|already accepted/)).toHaveCount(0);
    // A second window, or the CLI, asks the core: refused while the request is out.
    const again = await app.call('uploads.resend', { uploadId: 1, confirmed: true });
    expect(again).toMatchObject({ ok: false, error: { code: 'busy' } });

    // F5 mid-send: the line is still on its way, not failed.
    await page.reload();
    await openSendOutcomes(page);
    await expect(line).toHaveAttribute('data-status', 'sending');
    await expect(line.getByTestId('ledger-resend')).toBeDisabled();

    // The answer arrives (the service refuses DeviceIds it never issued): once, and final.
    await expect(line).toHaveAttribute('data-status', 'refused', { timeout: 20_000 });
    expect(slow.counters().uploads).toBe(1);
  } finally {
    await slow.close();
  }
});

test('a send the network failed says so in pt-BR, labelled as English, with advice to try later', async ({
  page,
  app,
}) => {
  const gone = await startSandbox();
  await gone.close();
  await useTestAt(app, gone.url, 'pt-BR');
  await page.reload();
  await page.getByRole('button', { name: 'Enviar resultados' }).click();
  const disk = page.getByTestId('disk-panel');
  await disk.getByTestId('disk-file-input').setInputFiles(file);
  await disk.getByTestId('allow-unseen-devices').check();
  await disk.getByTestId('send-disk').click();

  const result = disk.getByTestId('send-result');
  await expect(result).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(result.getByTestId('english-detail')).toHaveText('Detalhe (em inglês):');
  await expect(result.getByTestId('send-messages')).toHaveAttribute('lang', 'en');
  await expect(result.getByTestId('send-advice')).toHaveText(
    'A tentativa fica no registro abaixo. O arquivo em si não foi avaliado: envie de novo mais tarde com “Enviar de novo”.',
  );
  await expect(result).not.toContainText('corrija o arquivo');
  const line = page.getByTestId('upload-row-1');
  await expect(line.getByTestId('ledger-status')).toHaveText('Falhou');
  await line.getByTestId('ledger-messages').locator('summary').click();
  await expect(line.getByTestId('english-detail')).toHaveText('Detalhe (em inglês):');
});
