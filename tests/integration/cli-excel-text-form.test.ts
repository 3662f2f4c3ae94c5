import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxAnswer } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-text-form-');
afterAll(() => work.remove());
const inHistory = ['--env', 'sandbox', '--data-dir', work.dir];

/** The first sample transaction under `externalID` that the sandbox answers with a device. */
function answeredWithDevice(externalID: string) {
  for (let n = 0; n < 50; n += 1) {
    const transaction = { ...sampleTransaction(n), externalID };
    if (sandboxAnswer(transaction).status === 200) return transaction;
  }
  throw new Error('no sample transaction gets a device from the sandbox');
}

interface Output {
  row: number;
  externalID: string | null;
  status: string;
  messages: string[] | null;
}

describe('CSV cells in the ="…" form exports write so that Excel keeps leading zeros', () => {
  it('are read as the text inside by dcdesk bulk and dcdesk outcomes import', async () => {
    const t = answeredWithDevice('0001234567');
    // Unquoted, as most exports write it, and quoted with its quotes doubled, as Excel saves it.
    writeFileSync(
      work.file('pedidos.csv'),
      `Pedido;Sessão;CPF;CEP\r\n="0001234567";${t.sessionID};"=""${t.cpf ?? ''}""";="01310100"\r\n`,
    );
    const bulk = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('out.json'),
      ...inHistory,
    ]);
    expect(bulk.code, bulk.stderr).toBe(0);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output).toMatchObject([{ row: 2, externalID: '0001234567', status: 'ok' }]);

    writeFileSync(work.file('casos.csv'), 'Pedido;Resultado\r\n"=""0001234567""";Suspeito\r\n');
    const imported = await dcdesk([
      'outcomes',
      'import',
      work.file('casos.csv'),
      '--json',
      ...inHistory,
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const report = (JSON.parse(imported.stdout) as { report: { toApply: number } }).report;
    expect(report).toMatchObject({ toApply: 1, notFound: [] });
  });
});
