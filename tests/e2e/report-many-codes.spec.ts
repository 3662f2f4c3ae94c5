/**
 * A batch looked up from a service with a long list of insight codes (thousands of codes, each on
 * a row or two, and some common ones): the Report screen lists the codes on most rows and says
 * how many it leaves out, in both languages. With 92,035 codes it drew a row for each, and the
 * window froze for 16 s (how fast it draws is `npm run bench`'s to measure, not a test's).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { ReportView } from '../../shared/contract/report';
import { codeLimit, withTopCodes } from '../../shared/report/code-limit';
import { reportText } from '../../shared/report/report-text';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { expect, test } from './fixtures';
import { newestBatchId } from './steps/core';

const run = promisify(execFile);
/** The installed entry point, as a user runs it (built by `node scripts/build.mjs cli`). */
const binPath = new URL('../../bin/dcdesk.mjs', import.meta.url).pathname;
const rows = 1200;

/** A number from an external ID, the same each time it is asked. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * A service answering every lookup with one of 30 common codes (about 40 rows each) and 7 rare
 * ones from a pool of 60,000, as e2's service did from 130,000.
 */
function manyCodeService(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      let answer: object = {};
      if (request.url?.endsWith('/authentication'))
        answer = { token: `tok${'x'.repeat(20)}`, expiresInSeconds: 3600 };
      else if (request.url?.endsWith('/insights')) {
        const { externalID } = JSON.parse(body) as { externalID: string };
        const h = hashOf(externalID);
        answer = {
          deviceID: `d${h.toString(16)}`,
          insights: [
            `COMMON${String(h % 30).padStart(2, '0')}`,
            ...Array.from({ length: 7 }, (_, k) => `RARE${String((h + k * 7919) % 60_000)}`),
          ],
          alertQuantity: h % 7,
          deviceAge: h % 1000,
          deviceRisk: ['low', 'medium', 'high', 'undefined'][h % 4],
          score: (h % 10_000) / 10_000,
        };
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('the report of a batch with thousands of insight codes lists the codes on most rows and counts the rest', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  const server = await manyCodeService();
  const work = tempDir('dcdesk-e2e-codes-');
  try {
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    writeTransactionsCsv(work.file('codigos.csv'), rows);
    const env = {
      ...process.env,
      DCDESK_USERNAME: 'analyst',
      DCDESK_PASSWORD: 'secret',
      DCDESK_KEYCHAIN_SERVICE: `Device Check Desk e2e codes ${String(Date.now())}`,
    };
    const where = ['--env', 'test', '--base-url', url, '--data-dir', app.dataDir];
    await run(
      process.execPath,
      [
        binPath,
        'bulk',
        work.file('codigos.csv'),
        '--output',
        work.file('respostas.json'),
        ...where,
      ],
      { env },
    );
    const batchId = await newestBatchId(app);
    const json = await run(
      process.execPath,
      [binPath, 'report', '--batch', batchId, ...where, '--json'],
      {
        env,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const every = JSON.parse(json.stdout) as ReportView;
    expect(every.insightCodes.length).toBeGreaterThan(5000);
    const shown = withTopCodes(every);
    expect(shown.insightCodes).toHaveLength(codeLimit);

    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByTestId('report-scope').selectOption(`batch:${batchId}`);
    const table = page.getByTestId('report-insight-codes');
    await expect(table.locator('tbody tr')).toHaveCount(codeLimit);
    await expect(table.locator('tbody th').first()).toHaveText(shown.insightCodes[0]?.code ?? '');
    await expect(page.getByTestId('report-codes-not-shown')).toHaveText(
      reportText('en-US').codesNotShown(shown, 'screen') ?? '',
    );

    // Every code, from the window: the CSV the line names.
    const saved = await app.download(() => page.getByTestId('report-export-csv').click());
    expect(saved.suggestedFilename()).toMatch(/^report-codes-.+\.csv$/);
    const csv = (await readFile(await saved.path())).toString('utf8').trimEnd().split('\r\n');
    expect(csv).toHaveLength(every.insightCodes.length + 1);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Relatório', exact: true }).click();
    await expect(page.getByTestId('report-codes-not-shown')).toHaveText(
      reportText('pt-BR').codesNotShown(shown, 'screen') ?? '',
    );
    await expect(page.getByTestId('report-insight-codes').locator('tbody tr')).toHaveCount(
      codeLimit,
    );
  } finally {
    server.close();
    work.remove();
  }
});
