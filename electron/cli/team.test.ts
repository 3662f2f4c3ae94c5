import { describe, expect, it } from 'vitest';
import type { TeamService } from '../core/team/team-service';
import type { Io } from './io';
import { syncAfter } from './team';

describe('syncAfter', () => {
  it('keeps a failed sync’s message, which holds the team server’s words, on its line', async () => {
    const err: string[] = [];
    const io = { err: (text: string) => err.push(text), env: {} } as unknown as Io;
    const team = {
      configured: () => true,
      sync: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'team', message: 'The team database failed: no\ndcdesk: forged' },
        }),
    } as unknown as TeamService;
    await syncAfter(team, io);
    expect(err).toEqual([
      'dcdesk: warning: the team sync failed; the changes wait here for the next one. The team database failed: no\\u000adcdesk: forged',
    ]);
  });
});
