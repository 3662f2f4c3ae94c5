/**
 * Issue 11, item 4: after the service disappears and comes back, failed rows do not stay failed
 * with no hint. The run panel says how many failed, and "Retry failed rows" sends them again.
 */
import type { Page } from '@playwright/test';
import { startSandbox } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';

function csv(count: number): Buffer {
  const lines = ['Pedido;Sessão;CPF;E-mail;Celular;CEP'];
  for (let n = 0; n < count; n += 1) {
    const t = sampleTransaction(n);
    lines.push(
      [t.externalID, t.sessionID, t.cpf, t.email, '+55 (11) 98765-4321', t.zipCode].join(';'),
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

async function count(page: Page, name: string): Promise<number> {
  return Number(await page.getByTestId(`count-${name}`).locator('dd').getAttribute('data-value'));
}

test('rows that failed while the service was away are counted, and Retry failed rows sends them', async ({
  page,
  app,
}) => {
  const rows = 120;
  // Slow enough (120 rows, 4 at a time, 100 ms each: 3 s) that the service goes away mid-run
  // however soon the count is seen; at 30 ms a loaded machine saw the run finish first.
  const away = await startSandbox({ latencyMs: 100 });
  const back = await startSandbox();
  try {
    const setup: Array<[string, unknown]> = [
      ['credentials.save', { environment: 'test', username: 'analista', password: 'segredo' }],
      ['settings.update', { testBaseUrl: away.url, activeEnvironment: 'test', concurrency: 4 }],
    ];
    for (const [name, input] of setup) {
      const result = await app.call(name, input);
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Import' }).click();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'fora.csv', mimeType: 'text/csv', buffer: csv(rows) });
    await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
      'data-value',
      String(rows),
    );
    await page.getByTestId('run-lookups').click();
    await expect.poll(() => count(page, 'done'), { intervals: [50] }).toBeGreaterThanOrEqual(10);

    // The service goes away mid-run: rows fail after their attempts, then the batch pauses.
    await away.close();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'paused', {
      timeout: 60_000,
    });
    const failed = await count(page, 'failed');
    expect(failed).toBeGreaterThan(0);
    const answered = (await count(page, 'ok')) + (await count(page, 'no-content'));
    await expect(page.getByTestId('failed-hint')).toHaveText(
      `${String(failed)} rows failed: no usable answer came (none, a failure, or one outside the interface). “Retry failed rows” sends only those rows again.`,
    );

    // It comes back (at another address): Retry failed rows sends the failed and the rest.
    const moved = await app.call('settings.update', { testBaseUrl: back.url });
    expect(moved.ok).toBe(true);
    await page.getByTestId('retry-failed').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 30_000,
    });
    expect(await count(page, 'failed')).toBe(0);
    expect(await count(page, 'done')).toBe(rows);
    await expect(page.getByTestId('failed-hint')).toHaveCount(0);
    // Only the rows without an answer went to the service that came back, each once.
    const sent = Object.values(back.counters().perExternalId);
    expect(sent).toHaveLength(rows - answered);
    expect(sent.every((times) => times === 1)).toBe(true);
  } finally {
    await back.close();
  }
});
