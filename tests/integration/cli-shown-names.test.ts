import { writeFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadCheck } from '../../shared/contract/outcomes';
import {
  foreignDevicesMessage,
  unseenDevicesMessage,
} from '../../electron/core/uploads/device-classes';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * A file name, path or entry name holding a line feed or a direction character is printed on
 * its one line, escaped: otherwise `bad<LF>  - fake.csv` forges a problem line of its own.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-shown-names-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});
const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url];
const lines = (text: string) => text.split('\n');

describe('names printed by dcdesk', () => {
  it('upload: a file name with a line feed does not forge a problem line', async () => {
    const file = work.file('bad\n  - fake\u202e.csv');
    writeFileSync(file, 'not,a,response,file\n', 'utf8');
    const run = await dcdesk(['upload', file, ...target()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bad\\u000a  - fake\\u202e.csv does not pass the checks');
    expect(lines(run.stderr).filter((line) => line.startsWith('  - fake'))).toEqual([]);
  });

  it('upload: a zip entry name in a problem message stays on its line', async () => {
    const zip = new JSZip();
    zip.file('a.csv', 'ID Transacional,DeviceId,Resultado\n');
    zip.file('x\n  - Line 2: fake.csv', 'ID Transacional,DeviceId,Resultado\n');
    writeFileSync(work.file('evil.zip'), await zip.generateAsync({ type: 'nodebuffer' }));
    const run = await dcdesk(['upload', work.file('evil.zip'), ...target()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('x\\u000a  - Line 2: fake.csv');
    expect(lines(run.stderr).filter((line) => line.startsWith('  - Line 2'))).toEqual([]);
  });

  it('bulk: the output path is escaped in "wrote N rows to"', async () => {
    writeTransactionsCsv(work.file('in.csv'), 3);
    const output = work.file('my o\n\u202e.json');
    const run = await dcdesk(['bulk', work.file('in.csv'), '--output', output, ...target()]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('my o\\u000a\\u202e.json.');
    expect(run.stderr).not.toContain('\u202e');
  });
});

describe('DeviceId counts', () => {
  const check = {
    fileName: 'r.csv',
    environment: 'test',
    unseenDevices: { count: 1_000_000, examples: [] },
    foreignDevices: { count: 1_000_000, examples: [{ knownIn: ['production'] }] },
  } as unknown as UploadCheck;

  it('are said with thousands separators, as every other count', () => {
    expect(unseenDevicesMessage(check)).toMatch(/^1,000,000 DeviceIds of r\.csv /);
    expect(foreignDevicesMessage(check)).toContain(': 1,000,000 of its DeviceIds');
  });
});
