/**
 * The browser half of the secrets audit (tests/integration/secrets-audit.test.ts has the rest):
 * an analyst saves test-environment credentials, tests the connection, runs a batch with a failed
 * row, exports its results and failed rows, and sends a response-variable file of its outcomes. Every body the web host sent to the page, every
 * event the page received, every downloaded file and the data folder must hold neither the
 * password nor any token the sandbox issued. In Electron the page receives IPC replies and events
 * instead, which the test cannot observe: there the page, the downloads and the data folder are
 * searched (see `observedResponses`).
 */
import { readFile } from 'node:fs/promises';
import { startSandbox } from '../../electron/sandbox';
import type { ResultPage } from '../../shared/contract/results';
import {
  fileHaystacks,
  findSecrets,
  folderFiles,
  recordIssuedTokens,
  type Haystack,
} from '../support/secret-scan';
import { sampleTransaction } from '../support/transactions';
import { expect, observedResponses, test, type App, type SavedDownload } from './fixtures';

/**
 * Records every server-sent event the page receives in `__receivedEvents`, by wrapping the
 * listeners the page adds to its EventSource. Plain JavaScript run in the page before its own.
 */
const recordEvents = `
  const received = [];
  globalThis.__receivedEvents = received;
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    const recording = (event) => {
      received.push(type + ': ' + String(event.data));
      if (typeof listener === 'function') listener.call(this, event);
      else if (listener) listener.handleEvent(event);
    };
    add.call(this, type, recording, options);
  };
`;

const username = 'analista-e2e';
const password = `Sênha-e2e-${String(Date.now())}-Ω`;

async function call<T>(app: App, name: string, input: unknown): Promise<T> {
  const result = await app.call(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as T;
}

/** Each download as searchable bytes, xlsx parts unpacked. */
async function downloaded(download: SavedDownload): Promise<Haystack[]> {
  const bytes = await readFile(await download.path());
  return fileHaystacks(download.suggestedFilename(), bytes);
}

test('the password and the tokens never reach the page, a download or the data folder', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const tokens = recordIssuedTokens();
  const sandbox = await startSandbox({ credentials: { username, password } });
  try {
    // Record what the page receives over server-sent events, from the first one.
    await page.addInitScript({ content: recordEvents });
    await page.reload();

    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(sandbox.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByLabel('User name').fill(username);
    await card.getByLabel('Password').fill(password);
    await card.getByRole('button', { name: 'Save credentials' }).click();
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status').last()).toContainText('Connected in');
    await card.getByRole('button', { name: 'Use Test' }).click();
    await expect(page.getByTestId('environment-badge')).toContainText('Test');

    // One request at a time, so the three forced failures are the first row's three attempts;
    // and the connection test's token is revoked, so the run must obtain another.
    await call(app, 'settings.update', { concurrency: 1 });
    sandbox.revokeTokens();
    sandbox.forceNext(500, { route: 'insights', count: 3 });

    const lines = ['Pedido;Sessão;CPF'];
    for (let n = 0; n < 12; n += 1) {
      const t = sampleTransaction(700 + n);
      lines.push([t.externalID, t.sessionID, t.cpf].join(';'));
    }
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'auditoria.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n')),
    });
    await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute('data-value', '12');
    await expect(page.getByTestId('run-environment')).toContainText('Test');
    await page.getByTestId('run-lookups').click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('count-failed').locator('dd')).toHaveAttribute('data-value', '1');

    const files: Haystack[] = [];
    for (const kind of ['csv', 'xlsx', 'failed']) {
      files.push(
        ...(await downloaded(await app.download(() => page.getByTestId(`export-${kind}`).click()))),
      );
    }
    expect(files.map((file) => file.name)).toEqual(
      expect.arrayContaining([
        'auditoria-results.csv',
        'auditoria-results.xlsx',
        'auditoria-failed.csv',
      ]),
    );

    // Outcomes for the answered rows (through the core: the Review screen has journeys of its
    // own), then the response-variable file built, saved and sent on the Send outcomes screen.
    const [batch] = await call<Array<{ id: string }>>(app, 'batches.list', {});
    const results = await call<ResultPage>(app, 'results.page', {
      batchId: batch!.id,
      offset: 0,
      limit: 100,
    });
    const answered = results.rows.filter((row) => row.deviceId !== null);
    await call(app, 'outcomes.set', {
      targets: answered.map((row) => ({ batchId: batch!.id, seq: row.seq })),
      outcome: 'Fraude Confirmada',
    });
    await page.getByRole('button', { name: 'Send outcomes' }).click();
    const build = page.getByTestId('build-panel');
    await build.getByTestId('build-kind-zip').check();
    await expect(build.getByTestId('preview-total')).toHaveAttribute(
      'data-value',
      String(answered.length),
    );
    files.push(
      ...(await downloaded(await app.download(() => build.getByTestId('save-copy').click()))),
    );
    await build.getByTestId('send-built').click();
    await expect(build.getByTestId('send-result')).toHaveAttribute('data-status', 'sent');
    expect(sandbox.uploads()).toHaveLength(1);

    const responses = observedResponses(app);
    const events = responses
      ? await page.evaluate(
          () => (globalThis as { __receivedEvents?: string[] }).__receivedEvents ?? [],
        )
      : [];
    const html = await page.content();
    // The searches cover what they claim: the user name came back, progress arrived, tokens exist.
    if (responses) {
      expect(responses.length).toBeGreaterThan(20);
      expect(responses.some((body) => body.includes(username))).toBe(true);
      expect(events.some((event) => event.includes('"finished"'))).toBe(true);
    }
    expect(tokens.tokens.length).toBeGreaterThanOrEqual(2);
    expect(sandbox.counters().authentications).toBe(tokens.tokens.length);

    const haystacks: Haystack[] = [
      ...(responses ?? []).map((body, index) => ({
        name: `response ${String(index)}`,
        bytes: Buffer.from(body),
      })),
      ...events.map((event, index) => ({
        name: `event ${String(index)}`,
        bytes: Buffer.from(event),
      })),
      { name: 'page', bytes: Buffer.from(html) },
      ...files,
      ...folderFiles(app.dataDir).map((file) => ({ ...file, name: `data: ${file.name}` })),
    ];
    const found = findSecrets(haystacks, [password, ...tokens.tokens]);
    expect(Object.entries(found).filter(([, count]) => count > 0)).toEqual([]);
    console.info(
      `secrets audit (${app.host === 'web' ? 'browser' : 'electron'}): ${String(tokens.tokens.length)} tokens; ${String(responses?.length ?? 0)} responses, ` +
        `${String(events.length)} events, ${String(files.length)} downloaded parts, ` +
        `${String(folderFiles(app.dataDir).length)} data files searched; 0 found`,
    );
  } finally {
    tokens.stop();
    await sandbox.close();
  }
});
