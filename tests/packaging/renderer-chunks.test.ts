import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Vite warns past 500 kB; `npm test` builds before it runs this, so dist/ is this tree's build. */
const assets = path.join('dist', 'renderer', 'assets');
const limit = 500 * 1000;

describe('the renderer build', () => {
  it('splits the screens so no script chunk passes 500 kB', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const screens = scripts.filter((name) => /-page-/.test(name));
    expect(screens.length, 'one lazily loaded chunk per screen').toBeGreaterThanOrEqual(6);
    const large = scripts
      .map((name) => ({ name, bytes: statSync(path.join(assets, name)).size }))
      .filter((chunk) => chunk.bytes > limit);
    expect(large).toEqual([]);
  });
});
