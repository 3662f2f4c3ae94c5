import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-headers-');
afterAll(() => work.remove());

describe('dcdesk bulk with repeated header names', () => {
  it('says which of the columns named alike it used, as the app shows', async () => {
    const t = sampleTransaction(7);
    writeFileSync(
      work.file('repeated.csv'),
      `Pedido,Sessão,CPF,CPF\r\n${t.externalID},${t.sessionID},,${t.cpf ?? ''}\r\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('repeated.csv'),
      '--output',
      work.file('out.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns are named 'CPF' (C, D); column C was used for cpf.",
    );
  });
});

describe('dcdesk outcomes import with repeated header names', () => {
  it('says which of the columns named alike it used', async () => {
    writeFileSync(
      work.file('outcomes.csv'),
      'ID Transacional,Resultado,Resultado\r\norder-1,,Suspeito\r\n',
    );
    const run = await dcdesk([
      'outcomes',
      'import',
      work.file('outcomes.csv'),
      '--dry-run',
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns are named 'Resultado' (B, C); column B was used for outcome.",
    );
  });
});
