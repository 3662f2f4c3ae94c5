import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hostName, type App } from './hosts/app';
import { electronHostTest, electronUnavailable } from './hosts/electron-host';
import { webHostTest } from './hosts/web-host';

export type { App, SavedDownload } from './hosts/app';

let shots = 0;

/** Saves a screenshot of the current screen under test-results/screenshots for the README and review. */
export async function screenshot(page: Page, name: string): Promise<void> {
  shots += 1;
  await page.screenshot({
    path: path.join('test-results', 'screenshots', `${name}.png`),
    fullPage: true,
  });
}

/**
 * A fresh install for every test: a new data folder and its own keychain entry name, the real core,
 * and the page showing the app. The host is the web host in Chromium (playwright.config.ts) or
 * the Electron app (the `journeys` project of playwright.electron.config.ts, which sets
 * DCDESK_E2E_HOST=electron); the journeys are the same files, through the same `App`.
 *
 * One difference from a real first run, on purpose: the guided tour, a modal dialog that opens by
 * itself on a fresh install, would stand in front of every journey. So the fixture stores the
 * setting `tourDismissed: true` before the page shows, as closing the tour does. A spec about the
 * first run itself asks for the tour with `test.use({ showTour: true })`.
 */
// The Electron variant has one more, internal fixture; the journeys see the same `app` and `page`.
export const test =
  hostName === 'electron' ? (electronHostTest as unknown as typeof webHostTest) : webHostTest;

/**
 * The bodies the web host sent to the page, or null in Electron, where the page receives IPC
 * replies no outside process can observe: the assertions over them are web-host-only, and the
 * report says so for each test that skipped them.
 */
export function observedResponses(app: App): string[] | null {
  if (app.responses === null)
    test.info().annotations.push({
      type: 'web-host-only',
      description: 'What the page received is searched in the web host only (IPC in Electron).',
    });
  return app.responses;
}

/**
 * For a `beforeAll` that prepares something costly: skips the file's tests up front where the
 * host cannot run (Electron without a binary), instead of preparing for tests that will skip.
 */
export function skipWhereTheHostCannotRun(): void {
  if (hostName !== 'electron') return;
  const unavailable = electronUnavailable();
  // Skipped, with that reason as its message, only where no Electron binary can run (it cannot
  // be downloaded on these machines): there the file's journeys are proven in the web host only,
  // not through the app's preload, IPC and native dialogs.
  test.skip(unavailable !== null, unavailable ?? '');
}

export { expect };
export const screenshotsTaken = () => shots;
