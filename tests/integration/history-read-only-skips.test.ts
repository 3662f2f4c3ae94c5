import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-read-only-skips-');
const testFile = 'tests/integration/history-read-only.test.ts';
const suite = 'a history file that cannot be written, in a folder that can';

/**
 * Runs the read-only history file tests in their own Vitest, as root of a user namespace: there
 * `chattr +i` is refused (no CAP_LINUX_IMMUTABLE outside the namespace) and root writes through
 * any mode, which is the machine those tests cannot prove anything on. Without the project's
 * config, so the CLI is not rebuilt under the outer run's feet. Gives the state and note of each
 * test in that suite.
 */
async function runWithoutReadOnlyFiles(): Promise<
  { name: string; state: string; note?: string }[]
> {
  const out = work.file('results.json');
  const code = `
    import { writeFileSync } from 'node:fs';
    import { startVitest } from 'vitest/node';
    const results = [];
    const reporter = {
      onTestCaseResult(test) {
        if (test.parent.name !== ${JSON.stringify(suite)}) return;
        const { state, note } = test.result();
        results.push({ name: test.name, state, ...(note ? { note } : {}) });
      },
    };
    const vitest = await startVitest('test', [${JSON.stringify(testFile)}], {
      config: false,
      watch: false,
      reporters: [reporter],
      testNamePattern: ${JSON.stringify(suite)},
    });
    await vitest.close();
    writeFileSync(${JSON.stringify(out)}, JSON.stringify(results));`;
  const child = spawn('unshare', ['-r', process.execPath, '--input-type=module', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await new Promise((resolve) => child.once('close', resolve));
  return JSON.parse(readFileSync(out, 'utf8')) as { name: string; state: string; note?: string }[];
}

const canUnshare = spawnSync('unshare', ['-r', 'true']).status === 0;
if (!canUnshare)
  console.warn(
    'Skipping the check that the read-only history file tests skip where they prove nothing: this machine forbids user namespaces (unshare -r failed).',
  );

// Skipped where the OS forbids user namespaces (the reason is printed above); CI has them.
describe.skipIf(!canUnshare)(
  'the read-only history file tests, where no file can be locked',
  () => {
    it('are reported as skipped, with the reason, not as passed', async () => {
      const note = expect.stringMatching(/cannot make a file read-only/) as unknown;
      expect(await runWithoutReadOnlyFiles()).toEqual([
        {
          name: 'is said as the history file read-only, with its path and the fix, not as unreadable',
          state: 'skipped',
          note,
        },
        {
          name: 'is said so by dcdesk too, with the file, not as a read-only folder',
          state: 'skipped',
          note,
        },
      ]);
    }, 60_000);
  },
);
