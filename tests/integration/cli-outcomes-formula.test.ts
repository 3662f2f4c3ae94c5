import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxAnswer } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-formula-');
afterAll(() => work.remove());
const inHistory = ['--env', 'sandbox', '--data-dir', work.dir];

/** The first sample transaction, under a formula-like ID, that the sandbox answers with a device. */
function answeredWithDevice(externalID: string) {
  for (let n = 0; n < 50; n += 1) {
    const transaction = { ...sampleTransaction(n), externalID };
    if (sandboxAnswer(transaction).status === 200) return transaction;
  }
  throw new Error('no sample transaction gets a device from the sandbox');
}

describe('dcdesk outcomes build with an ID Excel would run as a formula', () => {
  it('keeps the exact ID in the file and warns, naming the line', async () => {
    const formulaId = '=SUM(1,2)-order';
    const t = answeredWithDevice(formulaId);
    writeFileSync(work.file('pedidos.csv'), `Pedido;Sessão\r\n"${formulaId}";${t.sessionID}\r\n`);
    const bulk = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('out.json'),
      ...inHistory,
    ]);
    expect(bulk.code, bulk.stderr).toBe(0);
    writeFileSync(
      work.file('casos.csv'),
      `ID Transacional;Resultado\r\n"${formulaId}";Suspeito\r\n`,
    );
    const imported = await dcdesk(['outcomes', 'import', work.file('casos.csv'), ...inHistory]);
    expect(imported.code, imported.stderr).toBe(0);

    const built = await dcdesk([
      'outcomes',
      'build',
      '--output',
      work.file('respostas.csv'),
      ...inHistory,
    ]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toContain(
      'dcdesk: warning: lines with an ID or DeviceId that Excel would run as a formula if it opened this file: 2 (1 in all).',
    );
    const lines = readFileSync(work.file('respostas.csv'), 'utf8').split('\r\n');
    expect(lines[1]).toMatch(/^"?=SUM\(1,2\)-order"?[,;]/);
  });
});
