/**
 * The corpus of bad inputs: files an analyst may drop on the import screen or give to
 * `dcdesk bulk` that are not clean spreadsheets. It lives in one place so the reader, command line
 * and browser tests use the same bytes.
 *
 * Small files are committed under tests/fixtures/bad/ and are rebuilt by running this file
 * (`npx tsx tests/support/bad-fixtures.ts`); a test checks that the committed bytes still match.
 * Large inputs (the zip bomb, 1,048,577 rows, cells of several megabytes) are generated at test time
 * into a temp folder, so the repository stays small.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  cvePoc,
  damagedXlsx,
  formulasCsv,
  formulasXlsx,
  handXlsx,
  hugeCellRows,
  linuxProgram,
  mergedXlsx,
  tallCsv,
  truncatedXlsx,
  utf16Text,
  windows1252Csv,
  windowsProgram,
  xlsxOf,
  zipBomb,
} from './bad-builders';

export {
  cveRow,
  formulaCells,
  formulaTexts,
  hugeCellChars,
  manyRowsCsv,
  mergedRows,
  tallCsv,
  windows1252Note,
  zipBomb,
} from './bad-builders';

export const badFixturesDir = fileURLToPath(new URL('../fixtures/bad/', import.meta.url));

/** What the reader says about a file it refuses: the code and the exact sentence. */
export interface Refusal {
  code: string;
  message: string;
}

export interface BadInput {
  /** The file name, as the analyst picked it (the extension may lie). */
  name: string;
  /** What is wrong with it, for test titles. */
  what: string;
  /** Committed under tests/fixtures/bad/, or generated at test time (too large to commit). */
  source: 'committed' | 'generated';
  /** The reader's refusal, or null when the file is read (and the tests check what came out). */
  refusal: Refusal | null;
  /** Builds the bytes. */
  build: () => Promise<Buffer>;
}

const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The MIME type a browser gives the file, from its name. */
export function mimeTypeOf(name: string): string {
  return name.endsWith('.xlsx') ? xlsxMime : name.endsWith('.csv') ? 'text/csv' : '';
}

const programRefusal = (what: string): Refusal => ({
  code: 'unsupported',
  message: `The file is ${what}, not a spreadsheet. Choose an .xlsx, .xls or .csv file.`,
});

const utf16Refusal: Refusal = {
  code: 'unsupported',
  message:
    'The file is UTF-16 text ("Unicode Text" in Excel). Save it as "CSV UTF-8" or as an Excel ' +
    'workbook (.xlsx) and import that.',
};

const tooManyRows: Refusal = {
  code: 'too_many_rows',
  message:
    'The file has 1,048,577 data rows; the limit is 1,048,576. Split the file, or raise the largest-spreadsheet setting (Settings in the app; dcdesk settings set maxRows N).',
};

/** Every bad input, committed ones first. */
export const badInputs: BadInput[] = [
  {
    name: 'cve-2023-30533.xlsx',
    what: 'the CVE-2023-30533 proof of concept (comments and a sheet named __proto__)',
    source: 'committed',
    refusal: null,
    build: cvePoc,
  },
  {
    name: 'truncated.xlsx',
    what: 'an xlsx cut in half',
    source: 'committed',
    refusal: {
      code: 'corrupt',
      message:
        'The workbook is damaged or incomplete: its zip directory is missing or cut short. If it ' +
        'was downloaded or copied, fetch it again, or open it in Excel and save it again.',
    },
    build: () => Promise.resolve(truncatedXlsx()),
  },
  {
    name: 'damaged.xlsx',
    what: 'an xlsx whose sheet data is garbled',
    source: 'committed',
    refusal: {
      code: 'corrupt',
      message:
        'The file looks like an Excel workbook (.xlsx) but is damaged or incomplete. Open it in ' +
        'Excel and save it again, or fetch it again if it was downloaded.',
    },
    build: () => Promise.resolve(damagedXlsx()),
  },
  {
    name: 'pedidos.exe.xlsx',
    what: 'a Windows program renamed .xlsx',
    source: 'committed',
    refusal: programRefusal('a Windows program (.exe or .dll)'),
    build: () => Promise.resolve(windowsProgram()),
  },
  {
    name: 'pedidos-elf.csv',
    what: 'a Linux program renamed .csv',
    source: 'committed',
    refusal: programRefusal('a program (ELF)'),
    build: () => Promise.resolve(linuxProgram()),
  },
  {
    name: 'empty.xlsx',
    what: 'an empty file',
    source: 'committed',
    refusal: { code: 'empty', message: 'The file is empty.' },
    build: () => Promise.resolve(Buffer.alloc(0)),
  },
  {
    name: 'only-headers.csv',
    what: 'a CSV with a header row only',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(Buffer.from('Pedido;Sessão;CPF\r\n', 'utf8')),
  },
  {
    name: 'only-headers.xlsx',
    what: 'an xlsx with a header row only',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(xlsxOf([['Pedido', 'Sessão', 'CPF']])),
  },
  {
    name: 'formulas.csv',
    what: 'a CSV whose cells start with = + - @',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(formulasCsv()),
  },
  {
    name: 'formulas.xlsx',
    what: 'an xlsx with real formula cells and formula-like text',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(formulasXlsx()),
  },
  {
    name: 'merged.xlsx',
    what: 'an xlsx with merged cells',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(mergedXlsx()),
  },
  {
    name: 'windows-1252.csv',
    what: 'a CSV in Windows-1252',
    source: 'committed',
    refusal: null,
    build: () => Promise.resolve(windows1252Csv()),
  },
  {
    name: 'utf-16-bom.csv',
    what: 'UTF-16 text with a byte order mark ("Unicode Text")',
    source: 'committed',
    refusal: utf16Refusal,
    build: () => Promise.resolve(utf16Text(true)),
  },
  {
    name: 'utf-16.csv',
    what: 'UTF-16 text without a byte order mark',
    source: 'committed',
    refusal: utf16Refusal,
    build: () => Promise.resolve(utf16Text(false)),
  },
  {
    name: 'zip-bomb.xlsx',
    what: 'a zip bomb (64 MB of zeros in 64 KB)',
    source: 'generated',
    refusal: {
      code: 'zip_bomb',
      message:
        'The workbook\'s part "xl/worksheets/sheet1.xml" would unpack from 63.7 KB to 64 MB (1,029 ' +
        'times its packed size; the limit is 200). Files like this are zip bombs, made to exhaust ' +
        'memory; it was not opened.',
    },
    build: () => zipBomb(),
  },
  // No xlsx here: a sheet has 1,048,576 rows, header included, so no xlsx passes the default
  // limit; read-refusals.test.ts proves an xlsx is refused past a lower one.
  {
    name: '1048577-rows.csv',
    what: 'a CSV of 1,048,577 data rows',
    source: 'generated',
    refusal: tooManyRows,
    build: () => Promise.resolve(tallCsv(1_048_577)),
  },
  {
    name: 'huge-cell.csv',
    what: 'a CSV with a cell of 8 MB',
    source: 'generated',
    refusal: {
      code: 'too_large',
      message:
        'Cell C2 holds 8,388,608 characters; the limit is 32,767. Check that column; a quote left ' +
        'open in a CSV file can do this.',
    },
    build: () =>
      Promise.resolve(
        Buffer.from(
          hugeCellRows()
            .map((row) => row.join(';'))
            .join('\r\n'),
        ),
      ),
  },
  {
    name: 'huge-cell.xlsx',
    what: 'an xlsx with a cell of 8 MB',
    source: 'generated',
    refusal: {
      code: 'too_large',
      message:
        'Cell C2 holds 8,388,608 characters; the limit is 32,767. Check that column; a quote left ' +
        'open in a CSV file can do this.',
    },
    build: () => handXlsx([{ name: 'Pedidos', rows: hugeCellRows() }]),
  },
];

export function badInput(name: string): BadInput {
  const input = badInputs.find((candidate) => candidate.name === name);
  if (!input) throw new Error(`There is no bad input named ${name}.`);
  return input;
}

/** The bytes of a committed input, as the repository holds them. */
export function committedBytes(name: string): Buffer {
  return readFileSync(path.join(badFixturesDir, name));
}

/**
 * Every input as a file: committed ones where they are, generated ones written into `dir`.
 * Returns the path of each by name.
 */
export async function writeCorpus(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const input of badInputs) {
    if (input.source === 'committed') {
      files.set(input.name, path.join(badFixturesDir, input.name));
      continue;
    }
    const file = path.join(dir, input.name);
    writeFileSync(file, await input.build());
    files.set(input.name, file);
  }
  return files;
}

/** Rebuilds the committed files: `npx tsx tests/support/bad-fixtures.ts`. */
async function writeCommitted(): Promise<void> {
  for (const input of badInputs) {
    if (input.source !== 'committed') continue;
    const bytes = await input.build();
    writeFileSync(path.join(badFixturesDir, input.name), bytes);
    console.log(`${input.name}: ${String(bytes.length)} bytes`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeCommitted();
}
