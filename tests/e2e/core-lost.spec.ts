/**
 * When the app's core goes away mid-run (here the web host process is killed), the window says at
 * once that it lost the core, and what to do, instead of freezing on "Running" with an ETA or
 * blaming the service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BatchSummary } from '../../shared/contract/results';
import type { Result } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type Page } from '@playwright/test';
import { hostName } from './hosts/app';

test.skip(hostName === 'electron', 'The web host is the process killed here.');

/** The web host as its own process, as `npm run dev:web` starts it; resolves with its address. */
function startHostProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    // tsx as a loader, not its CLI: the CLI runs the script in a child it would not pass the kill to.
    ['--import', 'tsx', 'electron/webhost/index.ts'],
    {
      env: {
        ...process.env,
        DCDESK_DATA_DIR: dataDir,
        DCDESK_KEYCHAIN_SERVICE: `Device Check Desk core-lost ${String(Date.now())}`,
        DCDESK_LOCALE: 'en-US',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The web host ended (${String(code)}).`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('http://127.0.0.1:')) resolve({ child, url: line.trim() });
    });
  });
}

async function hostCall<T>(url: string, name: string, input: unknown): Promise<T> {
  const { origin, hash } = new URL(url);
  const secret = /secret=([^&]+)/.exec(hash)?.[1] ?? '';
  const response = await fetch(`${origin}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-DCDesk-Secret': secret },
    body: JSON.stringify(input),
  });
  const result = (await response.json()) as Result<T>;
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

/** A host with a batch of 120 rows running at 2 a second, and the page on that batch's run. */
async function runningBatch(page: Page, url: string): Promise<void> {
  await hostCall(url, 'settings.update', { tourDismissed: true, ratePerSecond: 2, concurrency: 1 });
  const rows = Array.from({ length: 120 }, (_, index) => {
    const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(900 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  await hostCall<BatchSummary>(url, 'batches.create', {
    sourceName: 'perdido.csv',
    sourceSha256: 'e'.repeat(64),
    rows,
  });
  await page.goto(url);
  await page.getByTestId('running-indicator').click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('core-lost')).toHaveCount(0);
}

test('killing the web host mid-run says the core was lost, not that the service is away', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-lost-'));
  const { child, url } = await startHostProcess(dataDir);
  try {
    await runningBatch(page, url);

    child.kill('SIGKILL');

    const banner = page.getByTestId('core-lost');
    await expect(banner).toBeVisible({ timeout: 5_000 });
    await expect(banner).toContainText('Lost connection to the app’s core.');
    await expect(banner).toContainText('The service is not at fault.');
    await expect(page.getByText('The service cannot be reached.')).toHaveCount(0);

    // The run panel no longer claims the run goes on, nor offers commands that cannot reach it.
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'unknown');
    await expect(page.getByTestId('run-state')).toHaveText('State unknown');
    await expect(page.getByTestId('run-unknown')).toContainText(
      'this batch’s state is unknown (last seen: Running)',
    );
    for (const action of ['pause-batch', 'cancel-batch', 'resume-batch', 'delete-batch'])
      await expect(page.getByTestId(action)).toHaveCount(0);
    await expect(page.getByTestId('run-eta')).toHaveCount(0);

    // The header keeps the batch in sight but no longer shows its last percentage as if live.
    const indicator = page.getByTestId('running-indicator');
    await expect(indicator).toHaveAttribute('data-state', 'unknown');
    await expect(indicator).toContainText('Batch state unknown: perdido.csv');
    await expect(indicator).not.toContainText('%');

    // The list, read again on the way back, says why it cannot be shown, not the last one read.
    await page.getByTestId('back-to-batches').click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Lost connection to the app’s core.',
    );
    await expect(page.getByText('Running', { exact: true })).toHaveCount(0);

    // Elsewhere, a button that asks the core fails with the lost connection, not a generic error.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Lookups' }) });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByRole('alert')).toContainText('Lost connection to the app’s core.');
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A first host ended mid-run, and a second on the same data, where the batch is now interrupted,
 * with the page on its batch list: `check` runs against the second host, which it may kill.
 */
async function withInterruptedBatch(
  page: Page,
  check: (second: ChildProcess) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-lost-'));
  const first = await startHostProcess(dataDir);
  let second: ChildProcess | undefined;
  try {
    await runningBatch(page, first.url);
    first.child.kill('SIGKILL');
    const started = await startHostProcess(dataDir);
    second = started.child;
    await page.goto(started.url);
    await page.getByRole('button', { name: 'Batches', exact: true }).click();
    await check(second);
  } finally {
    first.child.kill('SIGKILL');
    second?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('without the core, no Resume is offered: neither the list’s nor the interrupted banner’s', async ({
  page,
}) => {
  await withInterruptedBatch(page, async (second) => {
    const resumeInList = page.locator('[data-testid^="resume-batch-"]');
    await expect(page.getByTestId('interrupted-resume')).toBeVisible();
    await expect(resumeInList).toHaveCount(1);

    second.kill('SIGKILL');

    await expect(page.getByTestId('core-lost')).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId('interrupted-resume')).toHaveCount(0);
    await expect(resumeInList).toHaveCount(0);
    await expect(page.getByTestId('batch-list')).toContainText('State unknown');
  });
});

test('a Resume from the batch list that the core refuses says why, on its line', async ({
  page,
}) => {
  await withInterruptedBatch(page, async () => {
    // The core refuses, as it does when another process runs the batch.
    const refusal = 'Another process is running this batch.';
    await page.route('**/api/batches.resume', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: { code: 'busy', message: refusal } }),
      }),
    );
    const line = page.locator('[data-testid^="batch-row-"]');
    await line.locator('[data-testid^="resume-batch-"]').click();
    await expect(line.getByRole('alert')).toContainText(refusal);
  });
});
