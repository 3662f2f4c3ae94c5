/**
 * Found by an outside tester (attack e3): a 429 with Retry-After showed no wait time. Every error
 * notice whose answer asked to wait says how long.
 */
import { startSandbox } from '../../electron/sandbox';
import { expect, test } from './fixtures';
import { call } from './steps/core';

test('a refused connection test whose answer asked to wait says how long', async ({
  page,
  app,
}) => {
  const service = await startSandbox();
  try {
    await call(app, 'credentials.save', { environment: 'test', username: 'a', password: 'b' });
    await call(app, 'settings.update', { testBaseUrl: service.url, language: 'pt-BR' });
    await page.reload();
    service.forceNext(429, { route: 'authentication', retryAfter: '120', count: 5 });
    await page.getByRole('button', { name: 'Ambientes', exact: true }).click();
    const card = page.getByTestId('environment-test');
    await card.getByRole('button', { name: 'Testar conexão' }).click();
    await expect(card.getByTestId('error-retry-after')).toHaveText(
      'O serviço pediu para esperar 2 min 00 s.',
    );
  } finally {
    await service.close();
  }
});
