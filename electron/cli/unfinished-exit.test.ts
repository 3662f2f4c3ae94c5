import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { unfinishedText } from './unfinished-exit';

const guard = new URL('./unfinished-exit.ts', import.meta.url).pathname;

/** Runs an entry point shaped as `dcdesk`'s: the guard, then a top-level await of `command`. */
function entryPoint(command: string) {
  const script = `
    import { guardUnfinishedExit } from ${JSON.stringify(guard)};
    const finished = guardUnfinishedExit(process, (text) => process.stderr.write(text + '\\n'));
    process.exitCode = await ${command};
    finished();
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    encoding: 'utf8',
  });
}

describe('guardUnfinishedExit', () => {
  it('says so, with exit code 1, when the event loop empties while the command waits', () => {
    // Nothing left to run and a promise never settled: Node alone would exit 13, silently.
    const run = entryPoint('new Promise(() => undefined)');
    expect(run.stderr).toContain(unfinishedText);
    expect(run.status).toBe(1);
  });

  it('says nothing of a command that returned', () => {
    const run = entryPoint('Promise.resolve(4)');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(4);
  });

  it('leaves a crash its own words and code', () => {
    const run = entryPoint("new Promise(() => setTimeout(() => { throw new Error('boom'); }))");
    expect(run.stderr).toContain('boom');
    expect(run.stderr).not.toContain(unfinishedText);
    expect(run.status).toBe(1);
  });
});
