import { describe, expect, it } from 'vitest';
import { teamFailureMessage } from './team-errors';

const url = { host: 'db.example.com', port: 5432, user: 'ana', database: 'fraud' };

describe('teamFailureMessage', () => {
  it('never repeats a password a server echoed back (attack)', () => {
    const echoed = Object.assign(new Error('login denied for credential S3cret-pw'), {
      code: 'XX000',
    });
    const message = teamFailureMessage(echoed, url, ['S3cret-pw']);
    expect(message).not.toContain('S3cret-pw');
    expect(message).toContain('[redacted]');
  });

  it('never repeats a password a server echoed escaped, as in a connection URL (attack)', () => {
    const secret = "S3cret&pw'x";
    const echoed = Object.assign(
      new Error(
        `bad option secret=${encodeURIComponent(secret)} or ${secret.replace('&', '&amp;')}`,
      ),
      { code: 'XX000' },
    );
    const message = teamFailureMessage(echoed, url, [secret]);
    expect(message).not.toContain('S3cret');
    expect(message).toContain('[redacted]');
  });

  it('says a cut connection loses nothing (attack)', () => {
    expect(teamFailureMessage(new Error('Connection terminated unexpectedly'), url)).toMatch(
      /was cut\. Nothing is lost/,
    );
  });

  it("says node-postgres's other words for a cut connection as a cut", () => {
    for (const text of [
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'Connection terminated',
    ])
      expect(teamFailureMessage(new Error(text), url)).toMatch(/was cut\. Nothing is lost/);
    for (const code of ['57P02', '08006', '08003'])
      expect(teamFailureMessage(Object.assign(new Error('x'), { code }), url)).toMatch(/was cut/);
    for (const code of ['EHOSTUNREACH', 'ENETUNREACH'])
      expect(teamFailureMessage(Object.assign(new Error('x'), { code }), url)).toMatch(
        /Could not connect/,
      );
    expect(teamFailureMessage(new Error('Query read timeout'), url)).toMatch(/did not answer/);
  });

  it("says a guard's refusal in words, its SQL state left out", () => {
    const guard = Object.assign(
      new Error("An upload's answer is recorded once: a sent or failed line cannot change."),
      { code: 'DCD01', routine: 'exec_stmt_raise' },
    );
    expect(teamFailureMessage(guard, url)).toBe(
      "The team database at db.example.com:5432 refused a change: An upload's answer is recorded once: a sent or failed line cannot change. Nothing was changed there; if this repeats, ask the database's administrator.",
    );
  });
});
