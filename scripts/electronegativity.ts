// `npm run audit:electron` (part of `npm test`, after the build): Doyensec's Electronegativity
// over the built main process and preload bundles, and the renderer's index.html for its CSP
// check. Electronegativity exits 0 whatever it finds, so this script reads its findings and fails
// on any of medium severity or higher that tests/security/electronegativity-reviewed.json does not
// accept (see scripts/electronegativity-review.ts for the rule). It also fails when a bundle could
// not be parsed, or when a deliberately insecure canary file is not reported: a scanner that
// silently checks nothing must not pass.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  parseReviewedList,
  review,
  severities,
  type Finding,
  type Severity,
} from './electronegativity-review';

interface RawIssue {
  id: string;
  severity: { name: string };
  confidence: { name: string };
  file: string;
  location: { line: number; column: number };
  sample?: string;
  description: string;
}

interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: RawIssue[];
}

/** Electronegativity's programmatic entry (its `main`); it ships no types. */
type Electronegativity = (options: {
  input: string;
  output?: string;
  isSarif?: boolean;
  isRelative: boolean;
  excludeFromScan: string[];
  electronVersionOverride: string;
}) => Promise<RunResult>;

const require = createRequire(import.meta.url);

/**
 * Electronegativity sets up its messages by downloading a translation from GitHub (about 3 s of
 * retries when offline, on every run). Its own module is swapped, before the scanner loads it,
 * for the same set-up with the English messages it ships, so the audit never touches the network.
 */
function useBundledMessages(): void {
  const loader = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  require(loader);
  const i18n = createRequire(loader)('i18n') as {
    configure(options: object): void;
    setLocale(locale: string): void;
  };
  const cached = require.cache[loader];
  if (!cached) fail('could not set up Electronegativity’s messages.');
  cached.exports = (): Promise<void> => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: path.dirname(loader),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: global,
    });
    i18n.setLocale('en-US');
    return Promise.resolve();
  };
}

useBundledMessages();
const electronegativity = require('@doyensec/electronegativity') as Electronegativity;
const toolVersion = (require('@doyensec/electronegativity/package.json') as { version: string })
  .version;
const electronVersion = (require('electron/package.json') as { version: string }).version;

/**
 * What is scanned, under the names Electronegativity reads: it only looks at .js, .jsx, .ts,
 * .tsx, .html, .htm and .json files, and would skip a .cjs bundle without a word.
 */
const inputs = [
  { built: 'dist/electron/main.cjs', as: 'main.js' },
  { built: 'dist/electron/preload.cjs', as: 'preload.js' },
  { built: 'dist/renderer/index.html', as: 'index.html' },
];
const reviewedFile = 'tests/security/electronegativity-reviewed.json';
const sarifFile = 'test-results/electronegativity.sarif';
/**
 * Left out: it downloads Electron's release list from GitHub on every run to say whether the
 * installed Electron has known fixes. That is a question for dependency updates (checklist
 * item 16), and a network call would make this audit fail offline and change with the date.
 */
const excluded = ['AvailableSecurityFixesGlobalCheck'];

/**
 * esbuild turns `new BrowserWindow(…)` into `new import_electron5.BrowserWindow(…)`, and
 * Electronegativity's window checks (context isolation, sandbox, Node integration, web security,
 * preload…) only look at a constructor called by its bare name: on the bundle as built they would
 * check nothing. The staged copy names the constructor again, padded to the same length so lines
 * and columns still match the source map.
 */
const bundledConstructor =
  /new (import_electron\d*\.)(BrowserWindow|BrowserView|WebContentsView)\b/g;

function exposeConstructors(code: string): { code: string; exposed: number } {
  let exposed = 0;
  const named = code.replace(bundledConstructor, (_match, namespace: string, name: string) => {
    exposed++;
    return `new ${' '.repeat(namespace.length)}${name}`;
  });
  return { code: named, exposed };
}

/** Insecure code in the shape esbuild emits, staged like the bundles: all four must be reported. */
const canary = `"use strict";
var import_electron = require("electron");
const window = new import_electron.BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: false, webSecurity: false } });
import_electron.shell.openExternal(process.argv[2]);
`;
const canaryChecks = [
  'CONTEXT_ISOLATION_JS_CHECK',
  'SANDBOX_JS_CHECK',
  'WEB_SECURITY_JS_CHECK',
  'OPEN_EXTERNAL_JS_CHECK',
];

/** Copies a file to the scan folder; JavaScript with its window constructors named. */
function stage(from: string, to: string): number {
  if (!to.endsWith('.js')) {
    copyFileSync(from, to);
    return 0;
  }
  const { code, exposed } = exposeConstructors(readFileSync(from, 'utf8'));
  writeFileSync(to, code);
  return exposed;
}

function fail(message: string): never {
  console.error(`Electronegativity audit failed: ${message}`);
  process.exit(1);
}

function toFinding(issue: RawIssue): Finding {
  const severity = severities.find((name) => name === issue.severity.name);
  if (!severity) fail(`unknown severity ${issue.severity.name} for ${issue.id}`);
  return {
    check: issue.id,
    severity: severity satisfies Severity,
    confidence: issue.confidence.name,
    file: issue.file,
    line: issue.location.line,
    column: issue.location.column,
    sample: issue.sample ?? '',
    description: issue.description,
  };
}

async function scan(
  dir: string,
  output?: string,
): Promise<{ result: RunResult; findings: Finding[] }> {
  const result = await electronegativity({
    input: dir,
    ...(output ? { output: path.resolve(output), isSarif: true } : {}),
    isRelative: true,
    excludeFromScan: excluded,
    electronVersionOverride: electronVersion,
  });
  return { result, findings: result.issues.map(toFinding) };
}

/** Where a finding in a bundle came from in the TypeScript sources, when the source map says. */
function origin(finding: Finding): string {
  const input = inputs.find((candidate) => candidate.as === finding.file);
  const mapFile = input ? `${input.built}.map` : '';
  if (!mapFile || !existsSync(mapFile) || finding.line < 1) return '';
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as never);
  const entry = map.findEntry(finding.line - 1, finding.column) as {
    originalSource?: string;
    originalLine?: number;
  };
  if (!entry.originalSource || entry.originalLine === undefined) return '';
  const source = path.relative(
    process.cwd(),
    path.resolve(path.dirname(mapFile), entry.originalSource.replace(/^file:\/\//, '')),
  );
  return ` (${source}:${String(entry.originalLine + 1)})`;
}

function where(finding: Finding): string {
  const at = finding.file === 'N/A' ? 'whole app' : `${finding.file}:${String(finding.line)}`;
  return `${finding.severity.padEnd(6)} ${finding.check} at ${at}${origin(finding)}`;
}

for (const input of inputs) {
  if (!existsSync(input.built)) fail(`${input.built} is missing: run \`npm run build\` first.`);
}
const reviewed = parseReviewedList(JSON.parse(readFileSync(reviewedFile, 'utf8')));
const work = mkdtempSync(path.join(tmpdir(), 'dcdesk-electronegativity-'));
try {
  const canaryDir = path.join(work, 'canary');
  mkdirSync(canaryDir);
  writeFileSync(path.join(work, 'canary.js'), canary);
  stage(path.join(work, 'canary.js'), path.join(canaryDir, 'canary.js'));
  const control = await scan(canaryDir);
  const seen = new Set(control.findings.filter((f) => f.file === 'canary.js').map((f) => f.check));
  const missed = canaryChecks.filter((check) => !seen.has(check));
  if (missed.length > 0)
    fail(
      `the canary's insecure code was not reported (${missed.join(', ')}): the scanner is not working.`,
    );

  const appDir = path.join(work, 'app');
  mkdirSync(appDir);
  const windows = inputs.reduce(
    (sum, input) => sum + stage(input.built, path.join(appDir, input.as)),
    0,
  );
  if (windows === 0)
    fail('no `new BrowserWindow(…)` found in the bundles: the window checks would see nothing.');
  mkdirSync(path.dirname(sarifFile), { recursive: true });
  const { result, findings } = await scan(appDir, sarifFile);
  console.log(
    `Electronegativity ${toolVersion}: ${String(result.globalChecks + result.atomicChecks)} checks ` +
      `(Electron ${electronVersion}) over ${inputs.map((input) => input.built).join(', ')}; ` +
      `the canary's ${String(canaryChecks.length)} planted issues were all reported.`,
  );
  if (result.errors.length > 0)
    fail(
      `could not parse ${result.errors.map((error) => `${error.file}: ${error.message}`).join('; ')}; ` +
        'code that is not parsed is not checked.',
    );

  const outcome = review(findings, reviewed);
  for (const { finding, entry } of outcome.accepted)
    console.log(`  ${where(finding)}: reviewed ${entry.reviewedOn}: ${entry.reason}`);
  for (const finding of outcome.below)
    console.log(`  ${where(finding)}: below medium, reported only.`);
  for (const finding of outcome.blocking)
    console.error(
      `  ${where(finding)}: NOT REVIEWED: ${finding.description}\n      ${finding.sample.trim()}`,
    );
  for (const entry of outcome.unused)
    console.warn(`  Unused entry in ${reviewedFile} (${entry.check} in ${entry.file}): remove it.`);
  console.log(
    `Electronegativity: ${String(findings.length)} findings; ${String(outcome.blocking.length)} ` +
      `unreviewed of medium severity or higher, ${String(outcome.accepted.length)} reviewed, ` +
      `${String(outcome.below.length)} below medium. SARIF report: ${sarifFile}.`,
  );
  if (outcome.blocking.length > 0)
    fail(
      `review each finding above: fix it, or add it to ${reviewedFile} with the reason it is safe.`,
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}
