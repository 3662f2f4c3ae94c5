import { readFileSync } from 'node:fs';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';

/**
 * The CSP allows workers from the app's own files only (`worker-src 'self'`, no `blob:`): the
 * spreadsheet is still read in its Web Worker, a module file of the build, under the same policy
 * the web host and `app://` send (electron/page-serving/csp.ts), and a blob worker is refused.
 */
const csv = [
  'Pedido;Sessão;CPF',
  ...[1, 2, 3].map((n) => {
    const t = sampleTransaction(n);
    return `${t.externalID};${t.sessionID};${t.cpf ?? ''}`;
  }),
].join('\r\n');

test('the spreadsheet worker runs under a CSP without blob:, and a blob worker is refused', async ({
  page,
  app,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  const origin = new URL(page.url()).origin;
  if (app.host === 'web') {
    // The header as sent; app:// sends the same policy (tests/security/csp.test.ts).
    const index = await page.request.get(`${origin}/`);
    const policy = index.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).not.toContain('blob:');
  }

  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'pedidos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-totals')).toBeVisible();
  await expect(page.getByTestId('total-rows').locator('dd')).toHaveAttribute('data-value', '3');

  await page.getByTestId('import-file-input').setInputFiles({
    name: 'sample-transactions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: readFileSync('resources/sample/sample-transactions.xlsx'),
  });
  await expect(page.getByTestId('file-summary')).toContainText('sample-transactions.xlsx');

  // Each file was read by its own worker, loaded from the app's origin.
  expect(workers.length).toBeGreaterThanOrEqual(2);
  for (const url of workers) expect(url.startsWith(`${origin}/`)).toBe(true);

  // Control: the policy is really in force, so a worker from a blob: URL is refused.
  // A string, not a function: this file is type-checked for Node, where Worker is not a value.
  const blobWorker = await page.evaluate(`new Promise((resolve) => {
    try {
      const url = URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' }));
      const worker = new Worker(url);
      worker.onmessage = () => resolve('ran');
      worker.onerror = () => resolve('refused');
    } catch (caught) {
      resolve(caught.name);
    }
  })`);
  expect(blobWorker).not.toBe('ran');
  await expect.poll(() => violations.some((text) => text.includes('blob:'))).toBe(true);
  expect(violations.filter((text) => !text.includes('blob:'))).toEqual([]);
});
