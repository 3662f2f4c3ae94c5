import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { historyTasks } from '../../electron/core/tasks/thread-tasks';
import { teamService } from '../../electron/core/team/team-service';
import { builtFiles } from '../../electron/core/uploads/built-files';
import { tempHistory } from '../support/history';

// The real Secret Service of tests/support/secret-service.ts, under a name of this run's own.
const keychain = createKeychainStore({ service: `Device Check Desk tests ${randomUUID()}` });
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => {
  history = await tempHistory();
});
afterAll(() => history.close());

describe('the response files a core keeps', () => {
  it('are its own: a second app on the same data folder leaves them, and only crashed runs’ old folders go', () => {
    const { db, dir } = history;
    const team = teamService(db, keychain, { analystSetting: () => '' });
    const tasks = historyTasks(db, db.name);
    const outgoing = path.join(dir, 'outgoing');
    // Left by a run that crashed two days ago.
    const abandoned = path.join(outgoing, 'old-run');
    mkdirSync(abandoned, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    // Another app's, in use.
    const other = path.join(outgoing, 'other-app');
    mkdirSync(other);

    const files = builtFiles(dir, tasks, team);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(other)).toBe(true);
    files.close();
    expect(readdirSync(outgoing)).toEqual(['other-app']);
  });
});
