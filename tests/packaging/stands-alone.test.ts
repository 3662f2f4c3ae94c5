import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: someone who clones it has nothing beside it, so no file may
 * point at documents that lived outside it during development. (The names are assembled so this
 * file does not match itself.)
 */
const outside = new RegExp(
  [
    ['shared', 'spec/'].join('/'),
    `shared/(${['TOOLCHAIN', 'DESIGN', 'STYLE'].join('|')})\\.md`,
    'TOOLCHAIN\\.md',
  ].join('|'),
);

describe('the repository', () => {
  it('points at nothing outside itself', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !/\.(png|ico|icns|xlsx|xls|zip|sqlite3)$/.test(file));
    const offending = files.filter((file) => outside.test(readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
  });

  it('carries its own description of the service interface and its toolchain notes', () => {
    expect(readFileSync('README.md', 'utf8')).toMatch(/\(docs\/service-interface\.md\)/);
    expect(readFileSync('docs/service-interface.md', 'utf8')).toMatch(/responsevariables/);
    expect(readFileSync('docs/toolchain.md', 'utf8')).toMatch(/Secret Service/);
  });
});
