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
});
