import { describe, expect, it } from 'vitest';
import { idleTeam, teamReducer, type TeamEvent, type TeamUiState } from './team-state';

const run = (events: TeamEvent[], from: TeamUiState = idleTeam) => events.reduce(teamReducer, from);
const report = { pushed: 1, answers: 0, pulled: 2, applied: 2, passedOver: 0 };
const failure = { code: 'team' as const, message: 'Could not connect.' };

describe('Settings → Team, one action at a time', () => {
  it('is busy while an action runs, then says what it did', () => {
    const started = run([{ type: 'start', action: 'sync' }]);
    expect(started.busy).toBe('sync');
    const ended = teamReducer(started, { type: 'done', done: { action: 'sync', report } });
    expect(ended).toEqual({ ...idleTeam, done: { action: 'sync', report } });
  });

  it('ignores a second action while one runs', () => {
    const state = run([
      { type: 'start', action: 'connect' },
      { type: 'start', action: 'disconnect' },
      { type: 'ask' },
    ]);
    expect(state.busy).toBe('connect');
    expect(state.asking).toBe(false);
  });

  it('keeps the failure until the next action, which forgets it and the last result', () => {
    const failed = run([
      { type: 'start', action: 'test' },
      { type: 'failed', error: failure },
    ]);
    expect(failed).toEqual({ ...idleTeam, error: failure });
    const again = teamReducer(failed, { type: 'start', action: 'test' });
    expect(again).toEqual({ ...idleTeam, busy: 'test' });
  });

  it('asks before disconnecting; cancelling changes nothing else; starting closes the question', () => {
    const asking = run([
      { type: 'start', action: 'test' },
      { type: 'done', done: { action: 'test' } },
      { type: 'ask' },
    ]);
    expect(asking.asking).toBe(true);
    expect(asking.done).toEqual({ action: 'test' });
    expect(teamReducer(asking, { type: 'cancel' })).toEqual({ ...asking, asking: false });
    expect(teamReducer(asking, { type: 'start', action: 'disconnect' })).toEqual({
      ...idleTeam,
      busy: 'disconnect',
    });
  });

  it('drops an answer that arrives when nothing runs', () => {
    expect(teamReducer(idleTeam, { type: 'done', done: { action: 'connect' } })).toBe(idleTeam);
    expect(teamReducer(idleTeam, { type: 'failed', error: failure })).toBe(idleTeam);
  });
});
