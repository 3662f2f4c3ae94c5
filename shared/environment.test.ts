import { describe, expect, it } from 'vitest';
import { baseUrlProblem, destinationOf, isCustomUrl, routeUrl } from './environment';

describe('routeUrl', () => {
  it('builds production paths with their versions', () => {
    const endpoint = { baseUrl: 'https://devicecheck.example', pathStyle: 'production' as const };
    expect(routeUrl(endpoint, 'authentication')).toBe(
      'https://devicecheck.example/api/v1/authentication',
    );
    expect(routeUrl(endpoint, 'insights')).toBe('https://devicecheck.example/api/v2/insights');
    expect(routeUrl(endpoint, 'responsevariables')).toBe(
      'https://devicecheck.example/api/v1/responsevariables',
    );
  });

  it('inserts /products after /api in the test style and keeps a base path prefix', () => {
    const endpoint = { baseUrl: 'https://gateway.example/dc/', pathStyle: 'test' as const };
    expect(routeUrl(endpoint, 'insights')).toBe(
      'https://gateway.example/dc/api/products/v2/insights',
    );
  });
});

describe('baseUrlProblem', () => {
  it('accepts https and loopback http', () => {
    expect(baseUrlProblem('https://devicecheck.clearsale.com.br')).toBeNull();
    expect(baseUrlProblem('http://127.0.0.1:8080')).toBeNull();
  });

  it('refuses plain http elsewhere, other schemes, embedded credentials and garbage', () => {
    expect(baseUrlProblem('http://devicecheck.example')).toMatch(/https/);
    expect(baseUrlProblem('ftp://devicecheck.example')).toMatch(/https/);
    expect(baseUrlProblem('https://user:pw@devicecheck.example')).toMatch(/user name or password/);
    expect(baseUrlProblem('devicecheck')).toMatch(/not a valid address/);
  });

  it('refuses what the URL parser reads otherwise: a bare ? or #, a backslash, an @, a space', () => {
    expect(baseUrlProblem('https://dc.example?')).toBe(
      'The base URL must not contain a query (?).',
    );
    expect(baseUrlProblem('https://dc.example/#')).toBe(
      'The base URL must not contain a fragment (#).',
    );
    expect(baseUrlProblem('https://evil.example.com\\@good.com')).toBe(
      'The base URL must not contain a backslash (\\).',
    );
    expect(baseUrlProblem('https://dc.example/a\\b')).toMatch(/backslash/);
    expect(baseUrlProblem('https://dc.example/api\nx')).toMatch(/line breaks/);
    // Spaces around the address are trimmed, as the settings store it.
    expect(baseUrlProblem(' https://dc.example/base/ ')).toBeNull();
  });
});

describe('destinationOf', () => {
  it('is the environment at its own address, and the address anywhere else', () => {
    expect(destinationOf('sandbox', null)).toBe('sandbox');
    expect(destinationOf('production', 'https://dc.example/ ', 'https://dc.example')).toBe(
      'production',
    );
    expect(destinationOf('production', 'https://proxy.example/dc//', 'https://dc.example')).toBe(
      'https://proxy.example/dc',
    );
    // A loopback sandbox of its own is not the embedded one.
    expect(destinationOf('sandbox', 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(isCustomUrl('http://127.0.0.1:4010')).toBe(true);
    expect(isCustomUrl('sandbox')).toBe(false);
  });

  it('is one destination however the same address is typed (attack c1)', () => {
    // The team's ledger and this workstation's guard against sending an outcome twice compare
    // destinations as text: one server spelled two ways must be one destination.
    for (const typed of [
      'HTTP://127.0.0.1:58080',
      'http://127.0.0.1:58080/',
      'Http://127.0.0.1:58080//',
    ])
      expect(destinationOf('sandbox', typed)).toBe('http://127.0.0.1:58080');
    for (const typed of ['https://Proxy.Example:443/dc', 'HTTPS://proxy.example/dc/'])
      expect(destinationOf('production', typed, 'https://dc.example')).toBe(
        'https://proxy.example/dc',
      );
    // A path is the server's to read: its case stays.
    expect(destinationOf('production', 'https://proxy.example/DC', null)).toBe(
      'https://proxy.example/DC',
    );
  });
});
