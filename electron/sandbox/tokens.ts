import { createHmac, randomBytes } from 'node:crypto';

/** A token and the moment it stops being accepted. */
export interface IssuedToken {
  token: string;
  expiresAtMs: number;
}

const minPruneSize = 10_000;

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * Issues and checks bearer tokens. Every token is remembered with its expiry, so opaque and JWT
 * tokens are checked the same way and `revokeAll` can invalidate both at once.
 */
export class TokenStore {
  private readonly tokens = new Map<string, number>();
  /** JWTs are signed with a key that dies with the server, so they look real but prove nothing. */
  private readonly key = randomBytes(32);
  /** Size at which expired tokens are swept; doubles when most tokens are still alive. */
  private pruneAt = minPruneSize;

  constructor(private readonly now: () => number) {}

  /** Issues a token for `username` that lives `ttlSeconds` by the sandbox clock. */
  issue(username: string, ttlSeconds: number, jwt: boolean): IssuedToken {
    const issuedAtMs = this.now();
    const expiresAtMs = issuedAtMs + ttlSeconds * 1000;
    const token = jwt
      ? this.jwt(username, issuedAtMs, expiresAtMs)
      : randomBytes(32).toString('base64url');
    if (this.tokens.size >= this.pruneAt) this.pruneExpired();
    this.tokens.set(token, expiresAtMs);
    return { token, expiresAtMs };
  }

  /** True when the Authorization header carries a token this store issued, unexpired and unrevoked. */
  accepts(authorization: string | undefined): boolean {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (token === undefined) return false;
    const expiresAtMs = this.tokens.get(token);
    return expiresAtMs !== undefined && this.now() < expiresAtMs;
  }

  /** Forgets every token: each one is answered 401 from now on. */
  revokeAll(): void {
    this.tokens.clear();
  }

  private jwt(username: string, issuedAtMs: number, expiresAtMs: number): string {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        iss: 'device-check-sandbox',
        sub: username,
        iat: Math.floor(issuedAtMs / 1000),
        // Rounded down, so a client that trusts `exp` never outlives the server's own expiry.
        exp: Math.floor(expiresAtMs / 1000),
        jti: randomBytes(9).toString('base64url'),
      }),
    );
    const signature = createHmac('sha256', this.key)
      .update(`${header}.${payload}`)
      .digest('base64url');
    return `${header}.${payload}.${signature}`;
  }

  /** Keeps memory bounded when a benchmark authenticates many times. */
  private pruneExpired(): void {
    const now = this.now();
    for (const [token, expiresAtMs] of this.tokens) {
      if (expiresAtMs <= now) this.tokens.delete(token);
    }
    this.pruneAt = Math.max(minPruneSize, this.tokens.size * 2);
  }
}
