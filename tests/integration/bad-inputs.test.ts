/**
 * The corpus of bad inputs (tests/support/bad-fixtures.ts) through the real reader and through
 * the installed `dcdesk bulk`: each file gets its exact message or is read as the importer
 * decides, the command line ends with an exit code and one clear line (never a stack trace), and
 * the CVE-2023-30533 workbook leaves Object.prototype as it was.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { detectHeaderRow, parseCsv, readSpreadsheet } from '../../shared/spreadsheet';
import type { Cell, ReadResult, Workbook } from '../../shared/spreadsheet';
import {
  badInputs,
  committedBytes,
  cveRow,
  formulaCells,
  formulaTexts,
  mergedRows,
  windows1252Note,
  writeCorpus,
} from '../support/bad-fixtures';
import { runBin } from '../support/cli';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-bad-inputs-');
let sandbox: SandboxHandle;
let files: Map<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
  files = await writeCorpus(work.dir);
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const pathOf = (name: string) => files.get(name) ?? '';
const bytesOf = (name: string) => readFileSync(pathOf(name));
const read = (name: string, sheet?: string): ReadResult =>
  readSpreadsheet(bytesOf(name), name, sheet === undefined ? {} : { sheet });

function workbook(result: ReadResult): Workbook {
  if (!result.ok) throw new Error(`expected a workbook, got: ${result.problem.message}`);
  return result.value;
}

const texts = (rows: Cell[][]) => rows.map((row) => row.map((cell) => cell?.text ?? null));

/** Object.prototype's own property names, and what a fresh object inherits. */
function prototypeState() {
  const probe: Record<string, unknown> = {};
  return {
    names: Object.getOwnPropertyNames(Object.prototype).sort(),
    inherited: ['c', 'a', 't', 'polluted', 'Pedidos'].map((key) => probe[key]),
  };
}

/** `dcdesk bulk FILE --output OUTPUT`, the installed entry point in its own process. */
function bulk(name: string, output: string) {
  return runBin([
    'bulk',
    pathOf(name),
    '--output',
    work.file(output),
    '--data-dir',
    work.file('history'),
    '--base-url',
    sandbox.url,
  ]);
}

/** A stack trace line, as Node prints one. */
const stackLine = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

describe('the committed corpus', () => {
  it.each(badInputs.filter((input) => input.source === 'committed').map((input) => input.name))(
    '%s is what its generator builds',
    async (name) => {
      const input = badInputs.find((candidate) => candidate.name === name)!;
      expect(committedBytes(name).equals(await input.build())).toBe(true);
    },
  );
});

describe('files the reader refuses', () => {
  const refused = badInputs.filter((input) => input.refusal !== null);

  it.each(refused.map((input) => [input.name, input.what, input.refusal!] as const))(
    '%s (%s): the reader says exactly why',
    (name, _what, refusal) => {
      const result = read(name);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect({ code: result.problem.code, message: result.problem.message }).toEqual(refusal);
    },
  );

  it.each(refused.map((input) => [input.name, input.refusal!] as const))(
    '%s: dcdesk bulk exits 1 with that sentence on one line, and stores nothing',
    async (name, refusal) => {
      const output = `${name}.out.csv`;
      const run = await bulk(name, output);
      expect(run.stderr).toBe(`dcdesk bulk: ${name}: ${refusal.message}\n`);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).not.toMatch(stackLine);
      expect(existsSync(work.file(output))).toBe(false);
    },
  );
});

describe('the CVE-2023-30533 proof of concept', () => {
  it('is read for its data sheet and pollutes nothing, in the reader or in SheetJS itself', () => {
    const before = prototypeState();
    expect(before.inherited).toEqual([undefined, undefined, undefined, undefined, undefined]);

    const book = workbook(read('cve-2023-30533.xlsx'));
    expect(book).toMatchObject({ kind: 'xlsx', sheetNames: ['Pedidos', '__proto__'] });
    expect(book.sheet).toBe('Pedidos');
    expect(texts(book.rows)).toEqual([
      ['Pedido', 'Sessão'],
      [cveRow.externalID, cveRow.sessionID],
    ]);
    // The sheet named __proto__ is an ordinary sheet when asked for by name.
    expect(texts(workbook(read('cve-2023-30533.xlsx', '__proto__')).rows)).toEqual([['polluted']]);
    // The vulnerable path of SheetJS < 0.19.3 was the sparse sheet with comments, not the dense
    // one the reader uses: the installed SheetJS must survive that path too.
    const sparse = XLSX.read(bytesOf('cve-2023-30533.xlsx'), { type: 'buffer' });
    expect(sparse.SheetNames).toEqual(['Pedidos', '__proto__']);
    expect(prototypeState()).toEqual(before);
  });

  it('runs through dcdesk bulk as a one-row batch, leaving the process unpolluted', async () => {
    const run = await bulk('cve-2023-30533.xlsx', 'cve.json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(stackLine);
    const records = JSON.parse(readFileSync(work.file('cve.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    expect(records).toEqual([expect.objectContaining({ row: 2, externalID: cveRow.externalID })]);
    expect(prototypeState().inherited).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('a header row and nothing else', () => {
  it.each(['only-headers.csv', 'only-headers.xlsx'])(
    '%s is read (the header alone), and dcdesk bulk says there are no data rows',
    async (name) => {
      expect(texts(workbook(read(name)).rows)).toEqual([['Pedido', 'Sessão', 'CPF']]);
      const run = await bulk(name, `${name}.json`);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toBe(
        `dcdesk bulk: ${name}: the sheet has a header row but no data rows.\n`,
      );
    },
  );
});

describe('formulas', () => {
  it('a CSV keeps formula-like cells as the text that was typed', () => {
    const book = workbook(read('formulas.csv'));
    expect(book.rows.slice(1).map((row) => row[0])).toEqual(
      formulaTexts.map((text) => ({ text, numeric: false })),
    );
    expect(book.rows.slice(1).map((row) => row[2]?.text)).toEqual([...formulaTexts]);
  });

  it('an xlsx gives the cached values of real formulas, never the formulas', () => {
    const book = workbook(read('formulas.xlsx'));
    expect(texts(book.rows)).toEqual([
      ['Pedido', 'Sessão', 'Observação'],
      [
        formulaCells.concat.cached,
        expect.stringMatching(/^session-/),
        formulaCells.dde.cached,
        '2',
      ],
      [formulaTexts[0], expect.stringMatching(/^session-/), formulaTexts[3]],
    ]);
    expect(book.rows[1]?.[3]).toEqual({ text: '2', numeric: true });
    expect(JSON.stringify(book.rows)).not.toMatch(/CONCAT|cmd\|/);
  });

  it('dcdesk bulk sends them as text, neutralised in csv and exactly as they are in xlsx text cells', async () => {
    const csvRun = await bulk('formulas.csv', 'formulas-out.csv');
    expect(csvRun.code, csvRun.stderr).toBe(0);
    const csv = readFileSync(work.file('formulas-out.csv'), 'utf8').replace(/^\ufeff/, '');
    const [header, ...lines] = parseCsv(csv, ',').rows.map((row) => row.map((c) => c?.text ?? ''));
    const column = header!.indexOf('externalID');
    expect(lines.map((line) => line[column])).toEqual(formulaTexts.map((text) => `'${text}`));

    const xlsxRun = await bulk('formulas.xlsx', 'formulas-out.xlsx');
    expect(xlsxRun.code, xlsxRun.stderr).toBe(0);
    const written = XLSX.read(readFileSync(work.file('formulas-out.xlsx')), { cellFormula: true });
    const sheet = written.Sheets[written.SheetNames[0]!]!;
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    const ids = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet).map((r) => r.externalID);
    expect(ids).toEqual([formulaCells.concat.cached, formulaTexts[0]]);
  });
});

describe('merged cells', () => {
  it('keep their value in the top-left cell only; the title above the header is skipped', () => {
    const book = workbook(read('merged.xlsx'));
    expect(texts(book.rows)).toEqual([
      [mergedRows.title],
      ['Pedido', 'Sessão', 'CEP'],
      ['order-000050', 'session-00000050-abcdefghijklmnop', mergedRows.cep],
      // C4 lies under the merge C3:C4: the value a writer left there is not taken.
      ['order-000051', 'session-00000051-abcdefghijklmnop'],
    ]);
    expect(detectHeaderRow(book.rows)).toBe(1);
  });

  // Excel shows the CEP on both rows; the second row holds none. It is held back with a message
  // naming the merge rather than sent without the value the analyst sees (exit 4: a row problem).
  it('dcdesk bulk numbers the rows as the sheet shows them, and holds back the one under the merge', async () => {
    const run = await bulk('merged.xlsx', 'merged.json');
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr).toContain('C4 is part of the merged cells C3:C4, whose value is on row 3');
    const records = JSON.parse(readFileSync(work.file('merged.json'), 'utf8')) as Array<{
      row: number;
      externalID: string;
      status: string;
    }>;
    expect(records.map((record) => [record.row, record.externalID, record.status])).toEqual([
      [3, 'order-000050', 'ok'],
      [4, 'order-000051', 'invalid'],
    ]);
  });
});

describe('encodings', () => {
  it('reads Windows-1252 with its accents and the characters only it has (€ “ ” –)', async () => {
    const book = workbook(read('windows-1252.csv'));
    expect(book).toMatchObject({ kind: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(texts(book.rows)[0]).toEqual(['Pedido', 'Sessão', 'Observação']);
    expect(book.rows[1]?.[2]?.text).toBe(windows1252Note);
    const run = await bulk('windows-1252.csv', 'windows-1252.json');
    expect(run.code, run.stderr).toBe(0);
  });
});

describe('after the whole corpus', () => {
  it('the history holds only the batches of the files that were read', async () => {
    const run = await runBin(['batches', '--json', '--data-dir', work.file('history')]);
    expect(run.code, run.stderr).toBe(0);
    const sources = (JSON.parse(run.stdout) as Array<{ source: string }>).map((b) => b.source);
    expect(sources.sort()).toEqual(
      [
        'cve-2023-30533.xlsx',
        'formulas.csv',
        'formulas.xlsx',
        'merged.xlsx',
        'windows-1252.csv',
      ].sort(),
    );
  });
});
