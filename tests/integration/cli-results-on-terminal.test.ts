/**
 * `dcdesk bulk --output -` on a terminal (attack c3): cell text went to it raw, so an escape
 * sequence in an ID cleared the screen and retitled the window, and xlsx wrote binary to it.
 * Run under `script`, which gives the command a real terminal.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { binPath } from '../support/cli';
import { tempDir } from '../support/files';
import { skipBecause } from '../support/skip';

const work = tempDir('dcdesk-results-terminal-');
afterAll(() => work.remove());
const hasScript = spawnSync('script', ['--version']).status === 0;

function onTerminal(args: string[]): string {
  const command = [process.execPath, binPath, ...args, '--data-dir', work.file('data')]
    .map((word) => `'${word}'`)
    .join(' ');
  return spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' }).stdout;
}

describe('bulk results written to a terminal', () => {
  it('escape the cells that would drive it, and refuse xlsx before sending anything', (context) => {
    if (!hasScript)
      skipBecause(context, "util-linux's script, which gives a terminal, is missing.");
    const sheet = XLSX.utils.aoa_to_sheet([
      ['sessionID', 'externalID'],
      ['sess-aaaaaaaaaaaaaaaaaaaaaaaa01', 'ext\u001b[2J\u001b]0;PWNED\u0007-001'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    writeFileSync(
      work.file('esc.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );

    const csv = onTerminal(['bulk', work.file('esc.xlsx'), '--output', '-', '--format', 'csv']);
    expect(csv).toContain('"ext\\u001b[2J\\u001b]0;PWNED\\u0007-001"');
    expect(csv).not.toContain('\u001b[2J');
    expect(csv).not.toContain('\u0007');

    const xlsx = onTerminal(['bulk', work.file('esc.xlsx'), '--output', '-', '--format', 'xlsx']);
    expect(xlsx).toContain('An xlsx file is binary: it cannot be shown on a terminal.');
    expect(xlsx).not.toContain('using the embedded sandbox');
  });
});
