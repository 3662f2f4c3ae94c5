import { describe, expect, it } from 'vitest';
import { parseTeamUrl } from './team-url';

describe('parseTeamUrl', () => {
  it('keeps the password out of the stored URL and requires TLS on the network', () => {
    const result = parseTeamUrl('postgresql://ana:s3cr%40t@db.example.com:6432/fraud');
    expect(result).toEqual({
      ok: true,
      url: {
        host: 'db.example.com',
        port: 6432,
        database: 'fraud',
        user: 'ana',
        password: 's3cr@t',
        tls: true,
        stored: 'postgresql://ana@db.example.com:6432/fraud',
      },
    });
  });

  it('allows plain connections on loopback and unix sockets only', () => {
    const loop = parseTeamUrl('postgresql://ana@127.0.0.1/fraud?sslmode=disable');
    expect(loop.ok && loop.url.tls).toBe(false);
    const socket = parseTeamUrl('postgresql://ana@x/fraud?host=/run/postgresql');
    expect(socket.ok && socket.url).toMatchObject({ host: '/run/postgresql', tls: false });
    expect(parseTeamUrl('postgresql://ana@db.example.com/fraud?sslmode=disable')).toMatchObject({
      ok: false,
      code: 'team-url-tls-required',
    });
  });

  it('reads a host name in any case as DNS does: one stored spelling, loopback known as such', () => {
    const upper = parseTeamUrl('postgresql://Ana@DB.Example.COM:6432/Fraud');
    expect(upper.ok && upper.url).toMatchObject({
      host: 'db.example.com',
      user: 'Ana',
      database: 'Fraud',
      stored: 'postgresql://Ana@db.example.com:6432/Fraud',
    });
    const loop = parseTeamUrl('postgresql://ana@LocalHost/fraud');
    expect(loop.ok && loop.url).toMatchObject({ host: 'localhost', tls: false });
    const named = parseTeamUrl('postgresql://ana@x/fraud?host=DB.Example.com');
    expect(named.ok && named.url).toMatchObject({ host: 'db.example.com', tls: true });
    // A unix socket's folder is a path, whose case is the file system's.
    const socket = parseTeamUrl('postgresql://ana@x/fraud?host=/Run/PG');
    expect(socket.ok && socket.url.host).toBe('/Run/PG');
  });

  it('refuses what is not a PostgreSQL URL with a closed code', () => {
    for (const text of ['db.example.com', 'mysql://ana@db/fraud', 'postgresql://db.example.com/'])
      expect(parseTeamUrl(text)).toMatchObject({ ok: false, code: 'team-url-invalid' });
  });

  it('requires TLS for the host a host= parameter names, whatever the URL says (attack)', () => {
    for (const text of [
      'postgresql://u:pw@localhost:5432/db?host=192.0.2.2',
      'postgresql://u:pw@localhost:5432/db?host=192.0.2.2&sslmode=disable',
    ]) {
      const url = parseTeamUrl(text);
      if (url.ok) expect(url.url).toMatchObject({ host: '192.0.2.2', tls: true });
      else expect(url.code).toBe('team-url-tls-required');
    }
    expect(
      parseTeamUrl('postgresql://u@localhost/db?host=192.0.2.2&sslmode=disable'),
    ).toMatchObject({
      ok: false,
      code: 'team-url-tls-required',
    });
  });

  it('takes a password= parameter as the password, never keeping it in the stored URL (attack)', () => {
    const url = parseTeamUrl(
      'postgresql://ana@127.0.0.1:5432/fraud?password=QueryPw123&application_name=x',
    );
    expect(url).toMatchObject({ ok: true, url: { password: 'QueryPw123' } });
    if (url.ok) expect(url.url.stored).not.toContain('QueryPw123');
  });

  it('connects to IPv6 loopback without its brackets (attack)', () => {
    expect(parseTeamUrl('postgresql://u:pw@[::1]:45557/db')).toMatchObject({
      ok: true,
      url: { host: '::1', port: 45557, tls: false },
    });
  });

  it('says what is wrong with a badly escaped URL instead of failing unexpectedly (attack)', () => {
    expect(parseTeamUrl('postgresql://u:50%off@127.0.0.1/db')).toMatchObject({
      ok: false,
      code: 'team-url-invalid',
    });
  });

  it('follows libpq: require and verify-* demand TLS on any network host, loopback too; an unknown mode is refused', () => {
    for (const mode of ['require', 'verify-ca', 'verify-full']) {
      const loop = parseTeamUrl(`postgresql://ana@127.0.0.1/fraud?sslmode=${mode}`);
      expect(loop.ok && loop.url.tls).toBe(true);
      // libpq ignores sslmode on a unix socket: PostgreSQL offers no TLS there.
      const socket = parseTeamUrl(`postgresql://ana@x/fraud?host=/run/pg&sslmode=${mode}`);
      expect(socket.ok && socket.url.tls).toBe(false);
    }
    for (const mode of ['prefer', 'allow'])
      expect(parseTeamUrl(`postgresql://ana@localhost/fraud?sslmode=${mode}`)).toMatchObject({
        ok: true,
        url: { tls: false },
      });
    expect(parseTeamUrl('postgresql://ana@localhost/fraud?sslmode=requier')).toMatchObject({
      ok: false,
      code: 'team-url-invalid',
    });
  });
});
