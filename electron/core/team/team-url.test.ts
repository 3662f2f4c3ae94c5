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

  it('refuses what is not a PostgreSQL URL with a closed code', () => {
    for (const text of ['db.example.com', 'mysql://ana@db/fraud', 'postgresql://db.example.com/'])
      expect(parseTeamUrl(text)).toMatchObject({ ok: false, code: 'team-url-invalid' });
  });
});
