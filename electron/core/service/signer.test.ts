import { describe, expect, it } from 'vitest';
import { createSignerDigest } from './signer';

describe('createSignerDigest', () => {
  const digest = createSignerDigest();

  it('gives the same digest for the same credentials, another for any change', () => {
    const ana = digest({ username: 'ana', password: 'right' });
    expect(digest({ username: 'ana', password: 'right' })).toBe(ana);
    expect(digest({ username: 'ana', password: 'wrong' })).not.toBe(ana);
    expect(digest({ username: 'bia', password: 'right' })).not.toBe(ana);
    expect(digest({ username: 'an', password: 'aright' })).not.toBe(ana);
  });

  it('holds neither the password nor its plain hash, and differs between processes', () => {
    const once = digest({ username: 'ana', password: 'right' });
    expect(once).not.toContain('right');
    expect(createSignerDigest()({ username: 'ana', password: 'right' })).not.toBe(once);
  });
});
