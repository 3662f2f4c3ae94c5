import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import type { Settings } from '../../shared/settings';
import type { Result } from '../../shared/result';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';

/**
 * Addresses the URL parser reads otherwise than they read: a bare `?` or `#` passed the check
 * (its search and hash are empty) and moved the API path into the query or the fragment, so the
 * password went to `/`; a backslash before `@` sends to the host before it. Every door that
 * stores or uses an address refuses them, saying what is wrong.
 */
const crafted: Array<[string, RegExp]> = [
  ['https://devicecheck.example/?', /query \(\?\)/],
  ['https://devicecheck.example#', /fragment \(#\)/],
  ['https://devicecheck.example/#/api', /fragment \(#\)/],
  ['https://evil.example.com\\@good.com', /backslash/],
  ['https://evil.example.com@good.com', /user name or password \(@\)/],
  ['https://devicecheck .example', /space/],
  ['https://devicecheck.example/\tapi', /space/],
];

const work = tempDir('dcdesk-base-url-doors-');
let core: Core;
beforeAll(async () => (core = await testCore(work.file('app'))));
afterAll(async () => {
  await core.close();
  work.remove();
});

describe('an address read otherwise than it reads', () => {
  it('is refused by dcdesk settings set, and nothing is stored', async () => {
    for (const [url, why] of crafted) {
      const run = await dcdesk([
        'settings',
        'set',
        'productionBaseUrl',
        url,
        '--data-dir',
        work.dir,
      ]);
      expect(run.code, url).toBe(2);
      expect(run.stderr, url).toMatch(why);
    }
    const shown = await dcdesk(['settings', '--json', '--data-dir', work.dir]);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      productionBaseUrl: 'https://devicecheck.clearsale.com.br',
    });
  });

  it('is refused by dcdesk --base-url before anything is sent', async () => {
    for (const [url, why] of crafted) {
      const run = await dcdesk([
        'auth',
        '--env',
        'test',
        '--base-url',
        url,
        '--data-dir',
        work.dir,
      ]);
      expect(run.code, url).toBe(2);
      expect(run.stderr, url).toMatch(why);
    }
  });

  it("is refused by the app's settings and its environments' addresses", async () => {
    for (const [url, why] of crafted) {
      const updated = await core.call('settings.update', { testBaseUrl: url });
      expect(updated, url).toMatchObject({ ok: false, error: { code: 'validation' } });
      // Checked by the schema of the settings: the reason is in the details.
      expect(!updated.ok && updated.error.details?.join(' '), url).toMatch(why);
      const configured = await core.call('environments.configure', {
        environment: 'production',
        baseUrl: url,
      });
      expect(configured, url).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(!configured.ok && configured.error.message, url).toMatch(why);
    }
    const settings = (await core.call('settings.get', {})) as Result<Settings>;
    expect(settings.ok && [settings.value.productionBaseUrl, settings.value.testBaseUrl]).toEqual([
      'https://devicecheck.clearsale.com.br',
      'https://devicecheckhml.clearsale.com.br',
    ]);
  });
});
