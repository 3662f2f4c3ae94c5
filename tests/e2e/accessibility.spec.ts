/**
 * An axe scan of every screen, in both themes and both languages, with data on each: a file
 * being imported, a batch's results with a row's detail open, the review queue with rows, its
 * import of outcomes with a file checked, the outcomes to send, the score report, the search, the environments and the settings (Settings →
 * Team connected to a throwaway team database when PostgreSQL is installed). Serious and critical
 * violations fail the test, and so does a skipped heading level. One page load per theme and language; the screens are navigated.
 * The skip link, the first Tab stop, is checked on the way.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { postgresMissing, startCluster, type Cluster } from '../support/postgres';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { call } from './steps/core';
import { analystCsv } from './steps/import-run';

const rows = Array.from({ length: 30 }, (_, n) => sampleTransaction(n));
const file = { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) };
/** Outcomes from a case system for three of those rows, one of them legitimate. */
const outcomesFile = {
  name: 'casos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'ID Transacional,Classificação',
      `${rows[5]!.externalID},Fraude Confirmada`,
      `${rows[6]!.externalID},Suspeito`,
      `${rows[7]!.externalID},Legítima`,
    ].join('\n'),
  ),
};

/** The main sections, in the order the header lists them. */
const section = (page: Page, index: number) =>
  page.getByRole('navigation').first().getByRole('button').nth(index);

interface Violation {
  screen: string;
  id: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Settings → Team needs a team database to show its status: a throwaway cluster, when installed. */
const noPostgres = postgresMissing();
if (noPostgres) console.warn(`The axe scan leaves out Settings → Team connected: ${noPostgres}`);
let cluster: Cluster | undefined;
test.beforeAll(async () => {
  if (!noPostgres) cluster = await startCluster();
});
test.afterAll(async () => {
  await cluster?.destroy();
});

async function scan(page: Page, screen: string, found: Violation[]): Promise<void> {
  // Label in name (WCAG 2.5.3) is experimental in axe, so off unless asked for.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const violation of results.violations) {
    // A skipped heading level (moderate for axe) breaks the outline a screen reader navigates.
    const counted = ['serious', 'critical'].includes(violation.impact ?? '');
    if (!counted && violation.id !== 'heading-order') continue;
    // The review queue's rows are options named by a sentence ("Row 12, order-000011, risk Low,
    // …") that a row's cells cannot match word for word; the rule is about controls' labels.
    const nodes =
      violation.id === 'label-content-name-mismatch'
        ? violation.nodes.filter((node) => !node.html.includes('role="option"'))
        : violation.nodes;
    if (nodes.length === 0) continue;
    found.push({
      screen,
      id: violation.id,
      impact: violation.impact ?? '',
      targets: nodes.map((node) => node.target.join(' ')),
      summary: nodes[0]?.failureSummary ?? '',
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const)
  for (const locale of ['en-US', 'pt-BR'] as const)
    test.describe(`${colorScheme}, ${locale}`, () => {
      test.use({ colorScheme, locale });

      test('no serious or critical axe violation on any screen', async ({ page, app }) => {
        test.setTimeout(120_000);
        const found: Violation[] = [];

        // The first Tab stop skips the header: Enter puts the keyboard in the screen's content.
        await page.keyboard.press('Tab');
        await expect(page.getByTestId('skip-link')).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.locator('main')).toBeFocused();

        await section(page, 0).click();
        await page.getByTestId('import-file-input').setInputFiles(file);
        await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
          'data-value',
          String(rows.length),
        );
        await scan(page, 'import', found);

        await page.getByTestId('run-lookups').click();
        await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
          timeout: 30_000,
        });
        await page
          .getByTestId('results-table')
          .locator('[data-testid^="result-row-"]')
          .first()
          .getByRole('button')
          .first()
          .click();
        await expect(page.getByTestId('detail-answer')).toBeVisible();
        await scan(page, 'batches', found);

        await page.getByTestId('review-batch').click();
        await expect(page.getByTestId('review-count')).toHaveAttribute(
          'data-value',
          String(rows.length),
        );
        // After the tab and the source, the next stop skips the sixteen filter stops to the rows.
        await page.getByTestId('review-source').focus();
        await page.keyboard.press('Tab');
        await expect(page.getByTestId('review-skip-to-queue')).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('review-queue')).toBeFocused();

        // Every outcome badge, a ticked row and the current one, as an analyst leaves them.
        const queue = page.getByTestId('review-queue');
        await queue.focus();
        for (const key of ['1', '2', '3']) await queue.press(key);
        await expect(page.getByTestId('review-line-2')).not.toHaveAttribute('data-outcome', 'none');
        await page.getByTestId('review-line-4').getByTestId('review-tick').click();
        await expect(page.getByTestId('review-line-4')).toHaveAttribute('aria-selected', 'true');
        await scan(page, 'review', found);

        // Review → Import outcomes, a file read, mapped and checked against the history.
        await page.getByTestId('review-tab-import').click();
        await page.getByTestId('review-import-input').setInputFiles(outcomesFile);
        await expect(page.getByTestId('review-import-report')).toBeVisible();
        await scan(page, 'review, import outcomes', found);
        await page.getByTestId('review-tab-queue').click();

        for (const [index, name] of [
          [3, 'send outcomes'],
          [4, 'report'],
          [5, 'search'],
          [6, 'environments'],
          [7, 'settings'],
        ] as const) {
          await section(page, index).click();
          await expect(page.locator('main h2:visible').first()).toBeVisible();
          // The report's charts and tables, with the outcomes just set, and its numbers open.
          if (name === 'report') {
            await expect(page.getByTestId('report-body')).toBeVisible();
            await page.getByTestId('report-roc').locator('summary').click();
          }
          await scan(page, name, found);
        }
        await scanTeam(page, app, found);

        // Two forms of one name (moderate for axe) leave a screen reader unable to tell them apart.
        await section(page, 6).click();
        const landmarks = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
        expect(landmarks.violations.map((violation) => violation.nodes.length)).toEqual([]);

        expect(found).toEqual([]);
      });
    });

/**
 * Settings → Team: a failed test (the error notice), then connected to the throwaway cluster with
 * its status and a sync's report, and the disconnect question.
 */
async function scanTeam(page: Page, app: App, found: Violation[]): Promise<void> {
  await section(page, 7).click();
  const team = page.getByTestId('team-settings');
  await team.getByTestId('team-url-input').fill('postgresql://analyst@127.0.0.1:1/team');
  await team.getByTestId('team-test').click();
  await expect(team.getByRole('alert')).toBeVisible();
  await scan(page, 'settings, team test failed', found);
  if (!cluster) {
    test.info().annotations.push({ type: 'team left out', description: noPostgres ?? '' });
    return;
  }
  const { user, database } = cluster.connection;
  const url = `postgresql://${user}@127.0.0.1:${String(cluster.port)}/${database}`;
  // Connecting needs a name the analyst chose.
  await call(app, 'settings.update', { analystName: 'Ana' });
  await call(app, 'team.connect', { url });
  await expect(team.getByTestId('team-url')).toHaveText(url);
  await team.getByTestId('team-sync').click();
  await expect(team.getByTestId('team-done')).toHaveAttribute('data-action', 'sync');
  await scan(page, 'settings, team connected', found);
  await team.getByTestId('team-disconnect').click();
  await expect(page.getByTestId('team-disconnect-dialog')).toBeVisible();
  await scan(page, 'settings, team disconnect question', found);
  await page.getByTestId('team-disconnect-dialog-confirm').click();
  await expect(team.getByTestId('team-not-connected')).toBeVisible();
}

/** WCAG 2.4.2: the window's title names the screen, for a screen reader and the window switcher. */
for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(`window title, ${locale}`, () => {
    test.use({ locale });

    test("the window's title names the current screen", async ({ page, app: _app }) => {
      const sections = page.getByRole('navigation').first().getByRole('button');
      const count = await sections.count();
      expect(count).toBe(8);
      for (let index = 0; index < count; index += 1) {
        await sections.nth(index).click();
        const name = ((await sections.nth(index).textContent()) ?? '').trim();
        await expect(page).toHaveTitle(`${name} — Device Check Desk`);
      }
    });
  });
