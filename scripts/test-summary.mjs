// Prints one closing line, 'N passed, N failed, N skipped', summed from the JSON reports of
// Vitest and Playwright, so a run that silently executed nothing is caught. Exits 1 when no
// test ran at all or a report is missing.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
let reports = 0;

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  reports += 1;
}

// The browser end-to-end tests, and the Electron smoke test (skipped where no Electron binary runs).
for (const playwright of [
  'test-results/playwright.json',
  'test-results/playwright-electron.json',
]) {
  if (!existsSync(playwright)) continue;
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  reports += 1;
}

if (reports === 0) console.error('No test report was written: the tests did not run.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(reports === 0 || totals.passed + totals.failed === 0 ? 1 : 0);
