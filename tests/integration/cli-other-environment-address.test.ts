/**
 * `--base-url` naming another environment's saved address (attack c1): filed as an address of
 * its own, apart from that environment's sends, an outcome could go to the same server twice,
 * each guard seeing only its own ledger. It is refused before anything is read or sent, however
 * the address is typed; the environment's own address, however typed, is that environment.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBaseUrls } from '../../shared/environment';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-other-address-');
afterAll(() => work.remove());

const production = defaultBaseUrls.production;
const shouting = `${production.replace('https://', 'HTTPS://').toUpperCase()}/`;

describe("another environment's address given as --base-url", () => {
  it('is refused, naming the environment to use, whichever command and spelling', async () => {
    for (const args of [
      ['auth', '--base-url', production],
      ['auth', '--env', 'test', '--base-url', shouting],
      ['outcomes', 'build', '--output', work.file('out.csv'), '--base-url', `${production}:443`],
    ]) {
      const run = await dcdesk([...args, '--data-dir', work.dir]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(
        /is the production environment's address: use --env production to send there/,
      );
    }
  });

  it("is that environment's own address under its own --env", async () => {
    const run = await dcdesk([
      'outcomes',
      'build',
      '--output',
      work.file('out.csv'),
      '--env',
      'production',
      '--base-url',
      shouting,
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).not.toMatch(/environment's address/);
    // Nothing reviewed yet: nothing to build for production.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no reviewed transactions; nothing written/);
  });
});
