import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isForeignOrigin, isOwnHost } from './local-only';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('the names the sandbox answers to', () => {
  it('takes the bare name on port 80, where clients leave the default port out of Host', () => {
    expect(isOwnHost(request({ host: '127.0.0.1' }), 80)).toBe(true);
    expect(isOwnHost(request({ host: 'localhost' }), 80)).toBe(true);
    expect(isForeignOrigin(request({ origin: 'http://127.0.0.1' }), 80)).toBe(false);
  });

  it('names its port everywhere else, and refuses other names', () => {
    expect(isOwnHost(request({ host: '127.0.0.1:8080' }), 8080)).toBe(true);
    expect(isOwnHost(request({ host: '127.0.0.1' }), 8080)).toBe(false);
    expect(isOwnHost(request({ host: 'attacker.example' }), 80)).toBe(false);
    expect(isForeignOrigin(request({ origin: 'http://attacker.example' }), 80)).toBe(true);
  });
});
