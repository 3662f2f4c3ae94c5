/**
 * Found by an outside tester (attack e3): after a connection dropped once the file had gone, or
 * a gateway's 504, the window said the upload "could not be sent" and that the file "was not
 * judged", and the ledger said only "Failed": the service may have it, and the window must say
 * so. And a 429's wait was not said.
 */
import { startSandbox } from '../../electron/sandbox';
import { expect, test } from './fixtures';
import { call } from './steps/core';

const file = {
  name: 'sem-resposta.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['ID Transacional;DeviceId;Resultado', 'tx-na-1;dev-na-1;Suspeito'].join('\r\n'),
  ),
};

test('a dropped connection after the file went says, in pt-BR, that it may have arrived', async ({
  page,
  app,
}) => {
  const service = await startSandbox({ faults: { reset: 1 } });
  try {
    await call(app, 'credentials.save', { environment: 'test', username: 'a', password: 'b' });
    await call(app, 'settings.update', {
      testBaseUrl: service.url,
      activeEnvironment: 'test',
      language: 'pt-BR',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Enviar resultados' }).click();
    const disk = page.getByTestId('disk-panel');
    await disk.getByTestId('disk-file-input').setInputFiles(file);
    await disk.getByTestId('allow-unseen-devices').check();
    await disk.getByTestId('send-disk').click();

    const result = disk.getByTestId('send-result');
    await expect(result).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(result.locator('.notice-title')).toHaveText(
      'O envio nº 1 para Homologação ficou sem resposta: o serviço pode ter recebido o arquivo',
    );
    await expect(result.getByTestId('send-advice')).toHaveText(
      'Nenhuma resposta voltou (a conexão caiu depois do envio, ou o serviço ou um intermediário não respondeu a tempo): o serviço pode ter recebido o arquivo. A tentativa fica no registro abaixo; enviar de novo pergunta antes.',
    );
    await expect(result).not.toContainText('não foi avaliado');
    const line = page.getByTestId('upload-row-1');
    await expect(line.getByTestId('ledger-status')).toHaveText('Sem resposta: pode ter chegado');
  } finally {
    await service.close();
  }
});

test('a gateway 504 may have arrived; a 429 says how long to wait', async ({ page, app }) => {
  const service = await startSandbox();
  try {
    await call(app, 'credentials.save', { environment: 'test', username: 'a', password: 'b' });
    await call(app, 'settings.update', { testBaseUrl: service.url, activeEnvironment: 'test' });
    await page.reload();
    await page.getByRole('button', { name: 'Send outcomes' }).click();
    const disk = page.getByTestId('disk-panel');
    await disk.getByTestId('disk-file-input').setInputFiles(file);
    await disk.getByTestId('allow-unseen-devices').check();

    service.forceNext(429, { route: 'responsevariables', retryAfter: '120' });
    await disk.getByTestId('send-disk').click();
    const result = disk.getByTestId('send-result');
    await expect(result).toHaveAttribute('data-status', 'failed');
    await expect(result.getByTestId('send-retry-after')).toHaveText(
      'The service asked to wait 2 min 00 s before sending again.',
    );

    service.forceNext(504, { route: 'responsevariables' });
    await page
      .getByTestId('ledger')
      .getByRole('button', { name: /^Send again: upload #1,/ })
      .click();
    const ledger = page.getByTestId('ledger');
    await expect(ledger.getByTestId('send-result').locator('.notice-title')).toHaveText(
      'Upload #2 to Test got no answer: the service may have received the file (HTTP 504)',
    );
    await expect(page.getByTestId('upload-row-2').getByTestId('ledger-status')).toHaveText(
      'No answer: may have arrived',
    );
    await expect(page.getByTestId('upload-row-1').getByTestId('ledger-status')).toHaveText(
      'Failed',
    );

    // Sending it again asks, and says it got no answer: never that it was accepted.
    await page
      .getByTestId('ledger')
      .getByRole('button', { name: /^Send again: upload #2,/ })
      .click();
    const question = ledger.getByTestId('confirm-resend');
    await expect(question).toContainText(
      /\(upload #2\) and got no answer: the service may have received it\./,
    );
    await expect(question).toContainText(
      'Its only transaction went to Test with no answer, in upload #2: the service may have received it.',
    );
    await expect(question).not.toContainText('accepted');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(service.counters().uploads).toBe(2);
  } finally {
    await service.close();
  }
});
