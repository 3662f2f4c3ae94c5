import type { BatchSummary } from '../../shared/contract/results';
import { maxDeviceIdChars } from '../../shared/domain/insight';
import { maskCpf } from '../../shared/domain/mask';
import { sandboxAnswer } from '../../electron/sandbox/answers';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, test, type App } from './fixtures';

const formatted = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** The sandbox's answer to a session: its device and the devices it calls similar. */
function sandboxDevice(sessionID: string) {
  const answer = sandboxAnswer({ sessionID });
  if (answer.status !== 200) return null;
  const deviceID = answer.body.deviceID as string;
  const similar = answer.body.similarityResult as { similarDevices: string[] };
  return { deviceID, similarDevices: [...new Set(similar.similarDevices)] };
}

/** The first sample session the sandbox answers with a device that has similar devices. */
function sharedSession() {
  for (let n = 1; ; n += 1) {
    const sessionID = sampleTransaction(n).sessionID;
    const device = sandboxDevice(sessionID);
    if (device && device.similarDevices.length > 0) return { sessionID, ...device };
  }
}

function sourceRow(row: number, n: number, sessionID = sampleTransaction(n).sessionID) {
  const { externalID, cpf, email, zipCode } = sampleTransaction(n);
  return { row, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
}

/** Runs a batch through the core, in the sandbox, and waits until every row is answered. */
async function runBatch(app: App, rows: ReturnType<typeof sourceRow>[]): Promise<string> {
  const created = await app.call('batches.create', {
    sourceName: 'pedidos.csv',
    sourceSha256: 'a'.repeat(64),
    rows,
  });
  if (!created.ok) throw new Error(created.error.message);
  const batchId = (created.value as BatchSummary).id;
  await expect
    .poll(
      async () => {
        const batch = await app.call('batches.get', { batchId });
        return batch.ok ? (batch.value as BatchSummary).state : batch.error.code;
      },
      { timeout: 30_000 },
    )
    .toBe('finished');
  return batchId;
}

test('finds a lookup by CPF, reveals it on request and opens its device', async ({ page, app }) => {
  const shared = sharedSession();
  // Rows 1 and 2 share a session, so the sandbox gives them the same device.
  const rows = [
    sourceRow(1, 901, shared.sessionID),
    sourceRow(2, 902, shared.sessionID),
    sourceRow(3, 903),
    sourceRow(4, 904),
  ];
  const batchId = await runBatch(app, rows);
  const first = sampleTransaction(901);
  const second = sampleTransaction(902);
  const cpf = first.cpf ?? '';

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('External ID, session ID, device ID or CPF').fill('nothing-like-this');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-value', '0');

  await page.getByTestId('search-input').fill(formatted(cpf));
  await page.getByTestId('search-submit').click();
  const results = page.getByTestId('search-results');
  const hits = results.locator(`[data-testid^="search-hit-${batchId}-"]`);
  await expect(hits).toHaveCount(1);
  const hit = hits.first();
  await expect(hit).toContainText(first.externalID);
  await expect(hit).toContainText('pedidos.csv');
  await expect(hit.getByTestId('hit-cpf')).toHaveText(maskCpf(cpf));
  await expect(results).not.toContainText(formatted(cpf));
  await expect(results).not.toContainText(cpf);
  await screenshot(page, 'search-results');

  await page.getByTestId('show-personal-data-search').check();
  await expect(hit.getByTestId('hit-cpf')).toHaveText(formatted(cpf));
  await page.getByTestId('show-personal-data-search').uncheck();
  await expect(hit.getByTestId('hit-cpf')).toHaveText(maskCpf(cpf));

  await hit.getByRole('button', { name: shared.deviceID }).click();
  const device = page.getByTestId('device-view');
  await expect(device.getByRole('heading', { level: 3 })).toContainText(shared.deviceID);
  await expect(device.getByRole('heading', { level: 3 })).toBeFocused();
  const transactions = page
    .getByTestId('device-transactions')
    .locator(`[data-testid^="search-hit-${batchId}-"]`);
  await expect(transactions).toHaveCount(2);
  await expect(page.getByTestId('device-transactions')).toContainText(first.externalID);
  await expect(page.getByTestId('device-transactions')).toContainText(second.externalID);
  await expect(page.getByTestId('device-count')).toHaveAttribute('data-value', '2');
  const similar = page.getByTestId('similar-devices').locator('[data-testid^="similar-device-"]');
  await expect(similar).toHaveCount(shared.similarDevices.length);
  for (const id of shared.similarDevices)
    await expect(page.getByTestId(`similar-device-${id}`)).toContainText(/0[.,]\d+|1/);
  await screenshot(page, 'search-device');

  const other = shared.similarDevices[0] ?? '';
  await page.getByTestId(`similar-device-${other}`).getByRole('button').click();
  await expect(device.getByRole('heading', { level: 3 })).toContainText(other);
  await expect(page.getByTestId('device-count')).toHaveAttribute('data-value', '0');

  await page.getByTestId('device-back').click();
  await expect(page.getByTestId('device-view')).toHaveCount(0);
  await expect(hits).toHaveCount(1);
  await expect(page.getByTestId('search-input')).toHaveValue(formatted(cpf));
});

test('says an identifier pasted longer than any kept is too long, instead of cutting it', async ({
  page,
  app: _app,
}) => {
  await page.getByRole('button', { name: 'Search' }).click();
  const input = page.getByTestId('search-input');
  const pasted = 'd'.repeat(maxDeviceIdChars + 1);
  await input.fill(pasted);
  // Kept whole: the box no longer cuts it to its length without a word.
  await expect(input).toHaveValue(pasted);
  await input.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    `This is ${String(maxDeviceIdChars + 1)} characters long; no identifier in the history is longer than ${String(maxDeviceIdChars)}. Check what was pasted.`,
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('search-results')).toHaveCount(0);

  // The longest one that can be kept is searched for.
  await input.fill('d'.repeat(maxDeviceIdChars));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await input.press('Enter');
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-value', '0');
});

test('a refused query takes the earlier results off the screen', async ({ page, app }) => {
  await runBatch(app, [sourceRow(1, 911)]);
  const first = sampleTransaction(911);
  await page.getByRole('button', { name: 'Search' }).click();
  const input = page.getByTestId('search-input');
  await input.fill(first.externalID);
  await input.press('Enter');
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-value', '1');

  // Under the refusal, the earlier query's results would read as this one's.
  await input.fill('x'.repeat(5000));
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This is 5,000 characters long');
  await expect(page.getByTestId('search-results')).toHaveCount(0);

  // Searching again brings results back.
  await input.fill(first.externalID);
  await input.press('Enter');
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-value', '1');
});
