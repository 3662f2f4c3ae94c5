/**
 * A workbook whose first sheet is a cover page (a summary, notes) and whose rows are on another
 * sheet. Reading the first sheet finds no columns; when another sheet has a header that is
 * recognised, the message names that sheet and the `--sheet` that reads it, in `outcomes import`
 * and in `bulk` alike, instead of only suggesting to name the columns.
 */
import { writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-cover-sheet-');
afterAll(() => work.remove());

function workbook(name: string, sheets: Array<[string, unknown[][]]>): string {
  const book = XLSX.utils.book_new();
  for (const [sheet, rows] of sheets)
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  writeFileSync(work.file(name), XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return work.file(name);
}

const cover: [string, unknown[][]] = ['Resumo', [['Resumo'], ['Casos de junho, revisados']]];
const at = ['--data-dir', work.dir];

describe('dcdesk outcomes import of a workbook with a cover sheet', () => {
  const file = workbook('casos.xlsx', [
    cover,
    ['Notas', [['Observações'], ['nada']]],
    [
      'Casos Junho',
      [
        ['Casos revisados em junho'],
        ['Pedido', 'Analista', 'Resultado'],
        [sampleTransaction(1).externalID, 'Ana', 'Suspeito'],
      ],
    ],
  ]);

  it('names the sheet whose header it recognises and the --sheet that reads it', async () => {
    const run = await dcdesk(['outcomes', 'import', file, '--dry-run', ...at]);
    expect(run.stderr).toContain('no transaction id column');
    expect(run.stderr).toContain(
      "This is sheet 'Resumo'; sheet 'Casos Junho' has a transaction id and an outcome column: run again with --sheet 'Casos Junho'.",
    );
    // The file is what the analyst fixes (or the sheet named): exit 1, as bulk says it.
    expect(run.code, run.stderr).toBe(1);
    const again = await dcdesk([
      'outcomes',
      'import',
      file,
      '--sheet',
      'Casos Junho',
      '--dry-run',
      ...at,
    ]);
    expect(again.stdout + again.stderr).toContain(
      "transaction id from 'Pedido', outcome from 'Resultado'",
    );
  });

  it('lists the other sheets when none has the columns', async () => {
    const none = workbook('nada.xlsx', [cover, ['Notas', [['Observações'], ['nada']]]]);
    const run = await dcdesk(['outcomes', 'import', none, '--dry-run', ...at]);
    expect(run.stderr).toContain(
      "This is sheet 'Resumo'; the workbook also has 'Notas': choose one with --sheet NAME.",
    );
  });
});

describe('dcdesk bulk of a workbook with a cover sheet', () => {
  it('names the sheet whose header it recognises and the --sheet that reads it', async () => {
    const t = sampleTransaction(2);
    const file = workbook('pedidos.xlsx', [
      cover,
      ['Notas', [['Observações'], ['nada']]],
      [
        'Pedidos',
        [
          ['Pedido', 'Sessão'],
          [t.externalID, t.sessionID],
        ],
      ],
    ]);
    const run = await dcdesk(['bulk', file, '--output', work.file('out.json'), ...at]);
    expect(run.stderr).toContain(
      "This is sheet 'Resumo'; sheet 'Pedidos' has a session ID and an external ID column: run again with --sheet Pedidos.",
    );
    expect(run.code, run.stderr).toBe(1);
  });
});
