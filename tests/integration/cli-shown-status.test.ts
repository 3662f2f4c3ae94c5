import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempHistory } from '../support/history';

/**
 * What `dcdesk team status` prints from the history is printed on its one line, escaped: a last
 * error holds the team server's own words, which may hold a line feed that would otherwise
 * print as a status line of dcdesk's own.
 */
const history = await tempHistory();
afterAll(() => history.close());
const lines = (text: string) => text.split('\n');

describe('dcdesk team status', () => {
  it('keeps the last error, the URL and the colleagues seen on their lines', async () => {
    history.db
      .prepare('INSERT INTO team_link (id, url, last_error, colleagues) VALUES (1, ?, ?, ?)')
      .run(
        'postgresql://u@localhost/db\nanalyst: forged',
        'refused\nlast sync: forged',
        JSON.stringify(['ann\nchanges waiting: forged']),
      );
    const run = await dcdesk(['team', 'status', '--data-dir', history.dir], {
      DCDESK_KEYCHAIN_SERVICE: 'Device Check Desk shown-status tests',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('last error: refused\\u000alast sync: forged');
    expect(run.stdout).toContain(
      'team database: postgresql://u@localhost/db\\u000aanalyst: forged',
    );
    expect(run.stdout).toContain('colleagues seen: ann\\u000achanges waiting: forged');
    const forged = /^(analyst|last sync|changes waiting): forged$/;
    expect(lines(run.stdout).filter((line) => forged.test(line))).toEqual([]);
  });
});
