import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

/**
 * The GitHub Actions workflows, linted offline with action-validator (GitHub's workflow schema,
 * compiled to WebAssembly), then the release pipeline's promises pinned: three systems, the tests
 * before the installers, the Electron tests after them, secrets only where they are used, and
 * checksums beside the published installers.
 */
const dir = '.github/workflows';
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix: { os: string[] } };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const releaseText = readFileSync(path.join(dir, 'release.yml'), 'utf8');
const release = load(releaseText) as Workflow;
const build = release.jobs.build!;
const publish = release.jobs.publish!;
const runs = build.steps.map((step) => step.run ?? '');
const indexOf = (pattern: RegExp): number => runs.findIndex((run) => pattern.test(run));

describe('the workflows', () => {
  it.each(files)('%s passes action-validator', (file) => {
    const result = validateWorkflow(readFileSync(path.join(dir, file), 'utf8'));
    expect(result.errors).toEqual([]);
  });

  it.each([
    ['a misspelt key', (text: string) => text.replace('runs-on: ${{ matrix.os }}', 'run-on: x')],
    ['a job without steps', (text: string) => text.replace(/^ {4}steps:$/m, '    stepz:')],
    [
      'a trigger that does not exist',
      (text: string) => text.replace('pull_request:', 'pullrequest:'),
    ],
  ])('rejects %s', (_label, spoil) => {
    const spoiled = spoil(releaseText);
    expect(spoiled).not.toBe(releaseText);
    expect(validateWorkflow(spoiled).errors.length).toBeGreaterThan(0);
  });
});

describe('the release pipeline', () => {
  it('tests and packages on Linux, Windows and macOS', () => {
    expect(build.strategy?.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(Object.keys(release.on).sort()).toEqual(
      ['pull_request', 'push', 'workflow_dispatch'].sort(),
    );
  });

  it('runs npm ci, npm test under a virtual display, the installers, then the Electron tests', () => {
    const steps = [
      indexOf(/^npm ci$/),
      indexOf(/xvfb-run -a npm test/),
      indexOf(/^npm run dist$/),
      indexOf(/install-app-deps[\s\S]*xvfb-run -a npm run test:electron/),
    ];
    expect(steps.every((index) => index >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('has npm test skip the Electron tests with a reason, as electron-binary.ts reads it', () => {
    const key = /const cacheKey = '([A-Z_]+)'/.exec(
      readFileSync('tests/electron/electron-binary.ts', 'utf8'),
    )?.[1];
    const test = build.steps[indexOf(/xvfb-run -a npm test/)]!;
    const value = JSON.parse(test.env?.[key ?? ''] ?? 'null') as { path: null; reason: string };
    expect(value).toEqual({ path: null, reason: expect.stringMatching(/own step/) as unknown });
  });

  it('hands signing and notarization secrets to the packaging step only', () => {
    const withSecrets = build.steps.filter((step) => JSON.stringify(step).includes('secrets.'));
    expect(withSecrets.map((step) => step.run)).toEqual(['npm run dist']);
    expect(Object.keys(withSecrets[0]!.env ?? {}).sort()).toEqual(
      [
        'APPLE_APP_SPECIFIC_PASSWORD',
        'APPLE_ID',
        'APPLE_TEAM_ID',
        'CSC_KEY_PASSWORD',
        'CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
        'WIN_CSC_LINK',
      ].sort(),
    );
    expect(runs.join('\n')).not.toContain('secrets.');
  });

  it('gives the deb a real homepage and maintainer, and refuses a release without one', () => {
    const metadata = runs[indexOf(/npm pkg set/)]!;
    expect(metadata).toContain('homepage=${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}');
    expect(metadata).toMatch(/::error::Set the repository variables DCDESK_MAINTAINER_NAME/);
    expect(indexOf(/npm pkg set/)).toBeLessThan(indexOf(/^npm run dist$/));
  });

  it('publishes the installers of every system with SHA256SUMS, for version tags only', () => {
    expect(release.permissions).toEqual({ contents: 'read' });
    expect(publish.needs).toBe('build');
    expect(publish.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(publish.permissions).toEqual({ contents: 'write' });
    const upload = build.steps.find((step) => step.with?.name === 'installers-${{ runner.os }}');
    expect(String(upload?.with?.path)).toMatch(/\.exe[\s\S]*\.dmg[\s\S]*\.AppImage[\s\S]*\.deb/);
    const publishRuns = publish.steps.map((step) => step.run ?? '').join('\n');
    expect(publishRuns).toContain('sha256sum -- * > SHA256SUMS');
    expect(publishRuns).toMatch(/gh release create "\$GITHUB_REF_NAME" installers\/\*/);
  });
});
