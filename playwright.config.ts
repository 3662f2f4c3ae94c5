import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the real renderer in Chromium against the real core through the web host.
 * Playwright's own browser download fails on the build machines, so Debian's Chromium is used
 * when it is there (or the one PLAYWRIGHT_CHROMIUM names); a workstation may use Playwright's.
 */
const chromium =
  process.env.PLAYWRIGHT_CHROMIUM ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright-artifacts',
  use: {
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
