/**
 * An answer that breaks the interface, as the analyst meets it: the row is failed, its details
 * name the offending fields and show the answer as it came, the row's CPF masked until personal
 * data is shown.
 */
import { startSandbox } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';

test('a row whose answer breaks the interface is failed, named and shown as it came', async ({
  page,
  app,
}) => {
  const sandbox = await startSandbox();
  try {
    const rows = [sampleTransaction(0), sampleTransaction(1)];
    const cpf = rows[0]!.cpf!;
    // The first request gets a numeric deviceID and echoes the row's CPF in an unknown field.
    sandbox.forceNext(200, {
      route: 'insights',
      body: `{"deviceID":123,"score":0.5,"echo":"${cpf}"}`,
    });
    for (const [name, input] of [
      ['credentials.save', { environment: 'test', username: 'analista', password: 'segredo' }],
      ['settings.update', { testBaseUrl: sandbox.url, activeEnvironment: 'test', concurrency: 1 }],
    ] as const) {
      const result = await app.call(name, input);
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Import' }).click();
    const csv = [
      'Pedido;Sessão;CPF',
      ...rows.map((t) => `${t.externalID};${t.sessionID};${t.cpf!}`),
    ];
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'quebrada.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n')),
    });
    await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute('data-value', '2');
    await page.getByTestId('run-lookups').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('count-failed').locator('dd')).toHaveAttribute('data-value', '1');

    await page
      .getByTestId('results-table')
      .getByTestId('result-row-1')
      .getByRole('button', { name: 'Details of row 2' })
      .click();
    const detail = page.getByTestId('detail-panel');
    await expect(detail.getByTestId('detail-status')).toHaveText('Failed');
    await expect(detail.getByTestId('detail-messages')).toContainText(
      "The service's answer does not follow the interface (deviceID)",
    );
    await expect(detail.getByTestId('detail-messages')).toContainText(
      'deviceID is the number 123; expected text',
    );
    const raw = detail.getByTestId('detail-raw');
    await expect(raw).toContainText('"deviceID": 123');
    await expect(raw).not.toContainText(cpf);
    // The service quoted the request's CPF back: masked where it came in, so it stays masked even
    // with personal data shown (the row's own CPF column is where the analyst reads it).
    await page.getByTestId('results-show-personal').check();
    await expect(raw).toHaveText(`{"deviceID":123,"score":0.5,"echo":"***.000.000-**"}`);
  } finally {
    await sandbox.close();
  }
});
