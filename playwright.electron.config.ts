import { defineConfig } from '@playwright/test';

/**
 * The desktop app's smoke test: the real Electron build, launched through Playwright's Electron
 * support. It skips itself, with the reason, where no Electron binary can run (see
 * tests/electron/electron-binary.ts); the journeys themselves are tested in Chromium through the
 * web host (playwright.config.ts).
 */
export default defineConfig({
  testDir: 'tests/electron',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/electron/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-electron.json' }]],
  outputDir: 'test-results/playwright-electron-artifacts',
});
