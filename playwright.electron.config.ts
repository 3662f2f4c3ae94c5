import { defineConfig } from '@playwright/test';

// Read by tests/e2e/fixtures.ts, in this process and in the workers it starts.
process.env.DCDESK_E2E_HOST = 'electron';

/**
 * The desktop app, launched through Playwright's Electron support. Two projects: `smoke` (window,
 * bridge, navigation; tests/electron) and `journeys`, the very files of tests/e2e with the
 * Electron host in place of the web host (tests/e2e/hosts/electron-host.ts). Everything skips
 * itself, with the reason, where no Electron binary can run (tests/electron/electron-binary.ts);
 * tests/electron/packaged.spec.ts checks a packaged build, when one is there.
 */
export default defineConfig({
  globalSetup: './tests/electron/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-electron.json' }]],
  outputDir: 'test-results/playwright-electron-artifacts',
  projects: [
    { name: 'smoke', testDir: 'tests/electron', testMatch: '**/*.spec.ts' },
    {
      name: 'journeys',
      testDir: 'tests/e2e',
      testMatch: '**/*.spec.ts',
      use: { locale: 'en-US' },
    },
  ],
});
