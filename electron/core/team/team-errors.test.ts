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

  it('starts its sentence with a capital, as it follows a title ("The team database failed.")', () => {
    for (const code of ['28P01', 'ETIMEDOUT', '42501', 'ECONNREFUSED'])
      expect(teamFailureMessage(Object.assign(new Error('x'), { code }), url)).toMatch(/^[A-Z]/);
    expect(teamFailureMessage(new Error('Query read timeout'), url)).toMatch(/^[A-Z]/);
  });

  it('names dcdesk team connect on the command line, and nowhere else in the window', () => {
    const refused = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    expect(teamFailureMessage(refused, url, [], 'cli')).toMatch(/\(dcdesk team connect\)\.$/);
    const inWindow = teamFailureMessage(refused, url, [], 'window');
    expect(inWindow).not.toMatch(/dcdesk|Settings → Team/);
    expect(inWindow).toMatch(/Connect again with the right password\.$/);
  });

  it('says a loopback server without TLS is refused for the sslmode, not for being on the network', () => {
    const noTls = new Error('The server does not support SSL connections');
    const local = { ...url, host: '127.0.0.1' };
    expect(teamFailureMessage(noTls, local)).toMatch(/sslmode/);
    expect(teamFailureMessage(noTls, local)).not.toMatch(/on the network/);
    expect(teamFailureMessage(noTls, url)).toMatch(/on the network must/);
  });
});
