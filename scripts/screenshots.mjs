// `npm run screenshots`: refreshes the pictures of the README and the user guides. It builds the
// renderer, runs the Playwright journeys that take the screenshots (tests/e2e, `screenshot()` in
// fixtures.ts saves them to test-results/screenshots), then copies one picture per main screen
// to docs/screenshots under a stable name. The journeys are the real renderer in Chromium against
// the real core and the sandbox, so the pictures show what the tests proved.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which screenshot of which journey becomes which picture of the docs. */
const pictures = [
  { to: 'tour', from: 'tour-step-1', spec: 'first-run-tour.spec.ts' },
  { to: 'tour-pt-BR', from: 'tour-pt-BR', spec: 'first-run-tour.spec.ts' },
  { to: 'import', from: 'import-report', spec: 'import.spec.ts' },
  { to: 'batch-results', from: 'journey-results', spec: 'outcomes-journey.spec.ts' },
  { to: 'review', from: 'review-queue', spec: 'review.spec.ts' },
  { to: 'review-import', from: 'review-import-report', spec: 'review.spec.ts' },
  { to: 'send-outcomes', from: 'uploads-preview', spec: 'uploads.spec.ts' },
  { to: 'ledger', from: 'journey-ledger', spec: 'outcomes-journey.spec.ts' },
  { to: 'search-device', from: 'search-device', spec: 'search.spec.ts' },
  { to: 'environments', from: 'environments-credentials-saved', spec: 'credentials.spec.ts' },
  { to: 'production', from: 'production-active', spec: 'first-run.spec.ts' },
  { to: 'settings', from: 'settings', spec: 'first-run.spec.ts' },
  { to: 'report', from: 'journey-report', spec: 'report.spec.ts' },
];

/** Pictures above this size are reported: the README loads them all. */
const largeBytes = 400 * 1024;

const shots = path.join('test-results', 'screenshots');
const target = path.join('docs', 'screenshots');
const specs = [...new Set(pictures.map((picture) => path.join('tests', 'e2e', picture.spec)))];

function run(label, args) {
  console.log(`\nscreenshots: ${label}`);
  return spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
}

if (run('building the renderer', ['scripts/build.mjs', 'renderer']) !== 0) {
  console.error('screenshots: the renderer did not build; nothing was copied.');
  process.exit(1);
}

// A picture left over from an earlier run must not pass for a new one.
for (const picture of pictures) rmSync(path.join(shots, `${picture.from}.png`), { force: true });

// The list reporter and a separate output folder leave test-results/playwright.json and the
// artifacts of a full `npm test` alone.
const status = run(`running ${specs.join(', ')}`, [
  'node_modules/@playwright/test/cli.js',
  'test',
  ...specs,
  '--reporter=list',
  `--output=${path.join('test-results', 'screenshots-artifacts')}`,
]);

mkdirSync(target, { recursive: true });
const missing = [];
const lines = [];
for (const picture of pictures) {
  const from = path.join(shots, `${picture.from}.png`);
  if (!existsSync(from)) {
    missing.push(`${picture.from}.png (${picture.spec})`);
    continue;
  }
  const to = path.join(target, `${picture.to}.png`);
  copyFileSync(from, to);
  const size = statSync(to).size;
  const note = size > largeBytes ? '  (large: over 400 KB)' : '';
  lines.push(`  ${to.padEnd(36)} ${String(Math.round(size / 1024)).padStart(4)} KB${note}`);
}

console.log(`\nscreenshots: copied ${String(lines.length)} of ${String(pictures.length)}`);
for (const line of lines) console.log(line);
if (missing.length > 0) {
  console.error(`screenshots: not taken by this run, so not copied:\n  ${missing.join('\n  ')}`);
}
if (status !== 0) console.error('screenshots: some journeys failed; see the output above.');
process.exit(status !== 0 || missing.length > 0 ? 1 : 0);
