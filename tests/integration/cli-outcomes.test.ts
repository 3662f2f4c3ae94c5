import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutcomeImportReport, OutcomeImportResult } from '../../shared/contract/outcomes';
import type { Outcome } from '../../shared/domain/types';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-outcomes-');
const cli = (args: string[]) => runBin([...args, '--data-dir', work.dir]);

/** The DeviceId the sandbox gave order `n`, or null when it found none (204). */
function deviceOf(n: number): string | null {
  const answer = sandboxAnswer(sampleTransaction(n));
  return answer.status === 200 ? String(answer.body.deviceID) : null;
}
const order = (n: number) => sampleTransaction(n).externalID;

interface ImportJson {
  dryRun: boolean;
  unknownOutcomes: Array<{ row: number; value: string }>;
  rowsWithoutTransactionId: number[];
  report: OutcomeImportReport;
  result: OutcomeImportResult | null;
}

function writeXlsx(file: string, rows: unknown[][]): void {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Casos');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/** The data lines of a built CSV, split on its separator, sorted by transaction id. */
function csvRows(text: string, separator: string): string[][] {
  const [header, ...lines] = text.split('\r\n').filter((line) => line !== '');
  expect(header).toBe(['ID Transacional', 'DeviceId', 'Resultado'].join(separator));
  return lines.map((line) => line.split(separator)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

beforeAll(async () => {
  sandbox = await startSandbox();
  // Orders 0 to 11 in the history; the sandbox finds no device for order 8 (204).
  expect(deviceOf(8)).toBeNull();
  writeTransactionsCsv(work.file('pedidos.csv'), 12);
  const seeded = await cli([
    'bulk',
    work.file('pedidos.csv'),
    '--output',
    work.file('answers.json'),
    '--env',
    'sandbox',
  ]);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

describe('dcdesk outcomes import', () => {
  it('reports what a Portuguese csv would do before applying, then applies only the clean rows', async () => {
    writeFileSync(
      work.file('casos.csv'),
      [
        'ID da Transação;Classificação',
        `${order(0)};suspeito`,
        `${order(1)};FRAUDE CONFIRMADA`,
        `${order(2)};  device   positivado `,
        `${order(3)};Confirmed fraud`,
        `${order(8)};Suspeito`,
        'order-999999;Suspeito',
        `${order(4)};Talvez`,
        `${order(5)};Suspeito`,
        `${order(5)};Device Positivado`,
        ';Suspeito',
      ].join('\r\n'),
      'utf8',
    );

    const dry = await cli(['outcomes', 'import', work.file('casos.csv'), '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(1);
    const checked = JSON.parse(dry.stdout) as ImportJson;
    expect(checked).toMatchObject({
      dryRun: true,
      result: null,
      unknownOutcomes: [{ row: 8, value: 'Talvez' }],
      rowsWithoutTransactionId: [11],
      report: {
        // The unknown row is checked too: an id also given a known outcome would contradict it.
        rows: 9,
        toApply: 4,
        unchanged: 0,
        notFound: [{ row: 7, transactionId: 'order-999999' }],
        withoutDevice: [{ row: 6, transactionId: order(8) }],
        conflicts: [],
      },
    });
    expect(checked.report.contradictions.map((issue) => issue.row).sort()).toEqual([10, 9].sort());
    // A dry run changes nothing: there is still nothing reviewed to put in a file.
    const empty = await cli(['outcomes', 'build', '--all', '--output', work.file('none.csv')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no reviewed transactions; nothing written/);
    expect(readdirSync(work.dir)).not.toContain('none.csv');

    // A CSV has no sheets: a --sheet would be ignored, and the analyst misled.
    const sheet = await cli(['outcomes', 'import', work.file('casos.csv'), '--sheet', 'Junho']);
    expect(sheet.code).toBe(2);
    expect(sheet.stderr).toContain(
      'casos.csv is a CSV file: it has no sheets, so --sheet does not apply.',
    );

    const applied = await cli(['outcomes', 'import', work.file('casos.csv')]);
    expect(applied.code, applied.stderr).toBe(1);
    expect(applied.stdout).toContain(
      "casos.csv: 10 rows; transaction id from 'ID da Transação', outcome from 'Classificação'.",
    );
    expect(applied.stdout).toMatch(/to apply\s+4\n/);
    expect(applied.stdout).toContain("Not in sandbox's lookups (1):\n  row 7: order-999999");
    expect(applied.stdout).toContain(`  row 6: ${order(8)}`);
    expect(applied.stdout).toContain("  row 8: 'Talvez'");
    expect(applied.stdout).toMatch(/Given twice .*\(2\):\n {2}row 9: .*\n {2}row 10: /);
    expect(applied.stdout).toContain('Rows without a transaction id (1):\n  row 11');
    expect(applied.stdout).toContain('Applied 4 outcomes.');

    const again = await cli(['outcomes', 'import', work.file('casos.csv'), '--json']);
    expect((JSON.parse(again.stdout) as ImportJson).report).toMatchObject({
      toApply: 0,
      unchanged: 4,
    });
  });

  it('reads an English xlsx, keeps conflicting outcomes unless told to replace them', async () => {
    writeXlsx(work.file('cases.xlsx'), [
      ['Case export'],
      [],
      ['Transaction ID', 'Outcome'],
      [order(0), 'Confirmed fraud'],
      [order(6), 'positive device'],
    ]);
    const kept = await cli(['outcomes', 'import', work.file('cases.xlsx')]);
    expect(kept.code).toBe(1);
    expect(kept.stdout).toContain(
      `  row 4: ${order(0)} is Suspeito in the history, Fraude Confirmada in the file`,
    );
    expect(kept.stdout).toMatch(/Applied 1 outcome\.\nKept 1 stored outcome/);

    const replaced = await cli([
      'outcomes',
      'import',
      work.file('cases.xlsx'),
      '--replace-conflicts',
      '--json',
    ]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(replaced.stdout)).toMatchObject({
      report: { conflicts: [{ row: 4, current: 'Suspeito', incoming: 'Fraude Confirmada' }] },
      result: { applied: 1, keptConflicts: 0 },
    });
  });

  it('asks for the columns it cannot find, listing the headers, and reads them when named', async () => {
    writeFileSync(work.file('odd.csv'), `Caso,Nota\r\n${order(7)},Suspeito\r\n`, 'utf8');
    const missing = await cli(['outcomes', 'import', work.file('odd.csv')]);
    // A file without the columns is a file to fix, as in bulk: exit 1.
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('headers found: Caso, Nota.');
    expect(missing.stderr).toMatch(/--id-column/);

    const named = await cli([
      'outcomes',
      'import',
      work.file('odd.csv'),
      '--id-column',
      'caso',
      '--outcome-column',
      'NOTA',
      '--json',
    ]);
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ result: { applied: 1 } });

    const wrongName = await cli(['outcomes', 'import', work.file('odd.csv'), '--id-column', 'Id']);
    expect(wrongName.code).toBe(2);
    expect(wrongName.stderr).toMatch(/no column 'Id'/);
  });

  it('never applies an id the file also gives another value, named or not, nor a doubtful one', async () => {
    writeFileSync(
      work.file('contraditorio.csv'),
      [
        'Pedido;Resultado',
        `${order(9)};Fraude Confirmada`,
        `${order(9)};Legítima`,
        `${order(10)};Em análise`,
        `${order(10)};Suspeito`,
        `${order(11)};Fraude?`,
        `${order(6)};Em análise`,
      ].join('\r\n'),
      'utf8',
    );
    const dry = await cli(['outcomes', 'import', work.file('contraditorio.csv'), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(1);
    expect(dry.stdout).toMatch(/to apply\s+0\n/);
    expect(dry.stdout).toMatch(/contradictions\s+4\n/);
    expect(dry.stdout).toMatch(/unknown outcome\s+2\n/);
    expect(dry.stdout).toContain(
      `Given twice with different outcomes, so not applied (4):\n  row 2: ${order(9)} is Fraude Confirmada here and 'Legítima' on another row\n  row 3: ${order(9)} is 'Legítima' here and Fraude Confirmada on another row\n  row 4: ${order(10)} is 'Em análise' here and Suspeito on another row\n  row 5: ${order(10)} is Suspeito here and 'Em análise' on another row`,
    );
    expect(dry.stdout).toContain(`  row 6: 'Fraude?'\n  row 7: 'Em análise'`);
    expect(dry.stdout).toContain('Without --dry-run, 0 outcomes would be applied.');

    const json = await cli(['outcomes', 'import', work.file('contraditorio.csv'), '--json']);
    expect(json.code, json.stderr).toBe(1);
    const applied = JSON.parse(json.stdout) as ImportJson;
    expect(applied.unknownOutcomes).toEqual([
      { row: 6, value: 'Fraude?' },
      { row: 7, value: 'Em análise' },
    ]);
    expect(applied.report.contradictions.map((issue) => issue.row)).toEqual([2, 3, 4, 5]);
    expect(applied.result).toEqual({ applied: 0, keptConflicts: 0 });
  });

  it('says an outcome covered by merged cells is merged, not unknown', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      [order(9), 'Fraude Confirmada'],
      [order(10), null],
      [order(11), null],
    ]);
    sheet['!merges'] = [{ s: { r: 1, c: 1 }, e: { r: 3, c: 1 } }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    writeFileSync(
      work.file('mescladas.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    const dry = await cli(['outcomes', 'import', work.file('mescladas.xlsx'), '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toMatch(/unknown outcome\s+0\n/);
    expect(dry.stdout).toMatch(/merged cell\s+2\n/);
    expect(dry.stdout).toMatch(/to apply\s+1\n/);
    expect(dry.stderr).toContain(
      'dcdesk: warning: row 3, column B (Resultado): B3 is part of the merged cells B2:B4, whose value is on row 2, so the cell is empty. The row is not applied.',
    );
    expect(dry.stderr).toContain('unmerge them in Excel and fill in each row');
  });

  it('fails with the reason on a file it cannot read', async () => {
    writeFileSync(work.file('program.csv'), Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary'));
    const binary = await cli(['outcomes', 'import', work.file('program.csv')]);
    expect(binary.code).toBe(1);
    expect(binary.stderr).toMatch(/^dcdesk: program\.csv: /);
    const absent = await cli(['outcomes', 'import', work.file('absent.csv')]);
    expect(absent).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no such file/) as unknown,
    });
    expect((await cli(['outcomes', 'import'])).code).toBe(2);
    expect((await cli(['outcomes', 'export'])).code).toBe(2);
  });
});

describe('dcdesk outcomes build', () => {
  /** What the history holds after the imports above. */
  const reviewed: Array<[number, Outcome]> = [
    [0, 'Fraude Confirmada'],
    [1, 'Fraude Confirmada'],
    [2, 'Device Positivado'],
    [3, 'Fraude Confirmada'],
    [6, 'Device Positivado'],
    [7, 'Suspeito'],
  ];
  const expected = reviewed.map(([n, outcome]) => [order(n), deviceOf(n) ?? '', outcome]);

  it('writes the reviewed rows as a csv with the separator asked for, and prints the preview', async () => {
    const built = await cli([
      'outcomes',
      'build',
      '--output',
      work.file('out.csv'),
      '--separator',
      ';',
    ]);
    expect(built.code, built.stderr).toBe(0);
    const bytes = readFileSync(work.file('out.csv'));
    expect(csvRows(bytes.toString('utf8'), ';')).toEqual(expected);
    expect(built.stdout).toContain(
      `Wrote ${work.file('out.csv')}: 6 rows, ${String(bytes.length)} bytes (csv, separator ';', for sandbox).`,
    );
    expect(built.stdout).toMatch(
      /Suspeito\s+1\n\s+Fraude Confirmada\s+3\n\s+Device Positivado\s+2/,
    );
    expect(readdirSync(work.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes a zip holding that csv, with the stored separator by default', async () => {
    const set = await cli(['settings', 'set', 'responseSeparator', ';']);
    expect(set.code, set.stderr).toBe(0);
    const built = await cli(['outcomes', 'build', '--output', work.file('respostas.zip')]);
    expect(built.code, built.stderr).toBe(0);
    const zip = await JSZip.loadAsync(readFileSync(work.file('respostas.zip')));
    expect(Object.keys(zip.files)).toEqual(['respostas.csv']);
    const text = await zip.file('respostas.csv')!.async('string');
    expect(csvRows(text, ';')).toEqual(expected);
    const json = await cli(['outcomes', 'build', '--output', work.file('again.csv'), '--json']);
    expect(json.code, json.stderr).toBe(0);
    const summary = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual([
      'output',
      'kind',
      'separator',
      'environment',
      'rows',
      'sizeBytes',
      'counts',
      'sentByTeam',
      'teamError',
    ]);
    expect(summary).toMatchObject({
      kind: 'csv',
      separator: ';',
      rows: expected.length,
      sentByTeam: 0,
      teamError: null,
    });
    expect(json.stderr).toMatch(/Send it with: dcdesk upload/);
    await cli(['settings', 'set', 'responseSeparator', ',']);
  });

  it('takes one batch, and refuses what it cannot build', async () => {
    const batches = JSON.parse((await cli(['batches', '--json'])).stdout) as Array<{ id: string }>;
    const inBatch = await cli([
      'outcomes',
      'build',
      '--batch',
      batches[0]!.id,
      '--output',
      work.file('batch.csv'),
    ]);
    expect(inBatch.code, inBatch.stderr).toBe(0);
    expect(csvRows(readFileSync(work.file('batch.csv'), 'utf8'), ',')).toEqual(expected);

    const unknown = await cli([
      'outcomes',
      'build',
      '--batch',
      'nope',
      '--output',
      work.file('x.csv'),
    ]);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no batch nope/) as unknown,
    });
    const wrongKind = await cli(['outcomes', 'build', '--output', work.file('x.txt')]);
    expect(wrongKind).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/\.csv or \.zip/) as unknown,
    });
    const wrongSeparator = await cli([
      'outcomes',
      'build',
      '--output',
      work.file('x.csv'),
      '--separator',
      '|',
    ]);
    expect(wrongSeparator.code).toBe(2);
    expect((await cli(['outcomes', 'build'])).code).toBe(2);
    expect(readdirSync(work.dir)).not.toContain('x.csv');
  });

  it('explains the usage of both actions', async () => {
    const help = await cli(['outcomes', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/dcdesk outcomes import FILE/);
    expect(help.stdout).toMatch(/dcdesk outcomes build --output FILE\.csv\|FILE\.zip/);
  });
});
