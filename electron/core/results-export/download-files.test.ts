import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attachmentHeader, downloadFiles } from './download-files';

const parents: string[] = [];
afterEach(() => parents.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function parent(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-downloads-test-'));
  parents.push(dir);
  return dir;
}

describe('downloadFiles', () => {
  it('serves a file once, for its own address only', async () => {
    const files = downloadFiles(parent());
    const target = await files.targets('pedidos-results.csv', 'csv');
    if (target.kind !== 'download') throw new Error(target.kind);
    writeFileSync(target.path, 'x');
    expect(files.take('/exports/other')).toBeNull();
    expect(files.take(target.url)).toMatchObject({ fileName: 'pedidos-results.csv' });
    expect(files.take(target.url)).toBeNull();
    files.close();
  });

  it('removes the folders a crashed run left a day ago, and keeps a live one', () => {
    const dir = parent();
    const abandoned = path.join(dir, 'dcdesk-exports-old');
    const live = path.join(dir, 'dcdesk-exports-new');
    for (const folder of [abandoned, live]) {
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'results.csv'), 'CPF\r\n');
    }
    const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60_000) / 1000;
    utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    const files = downloadFiles(dir);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(live)).toBe(true);
    files.close();
  });

  it('names the file for any browser, accents included', () => {
    expect(attachmentHeader('março "final".csv')).toBe(
      `attachment; filename="mar_o _final_.csv"; filename*=UTF-8''mar%C3%A7o%20%22final%22.csv`,
    );
  });
});
