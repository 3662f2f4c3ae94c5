import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  autoMapColumns,
  detectHeaderRow,
  findDuplicateExternalIds,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
  type SourceRow,
} from '../../shared/spreadsheet';
import { describeReplacedCells, replacedCells } from '../../shared/spreadsheet/replaced-characters';
import { describeRepeatedHeader, repeatedHeaders } from '../../shared/spreadsheet/repeated-headers';
import { UsageError, type Io } from './io';
import { readSpreadsheetFile, stdinName } from './read-within';
import { counted, pluralForm } from '../../shared/count-text';

export interface BulkInput {
  sourceRows: SourceRow[];
  sha256: string;
  sheet: string;
}

function listed(rows: number[]): string {
  return rows.length > 10
    ? `${rows.slice(0, 10).join(', ')} and ${String(rows.length - 10)} more`
    : rows.join(', ');
}

/** Tells the analyst what was noticed in the file before anything is stored or sent. */
function warn(sourceRows: SourceRow[], io: Io): void {
  const duplicates = findDuplicateExternalIds(sourceRows);
  for (const duplicate of duplicates.slice(0, 10)) {
    io.err(
      `dcdesk: warning: external ID ${duplicate.externalID} appears on rows ${listed(duplicate.rows)}.`,
    );
  }
  if (duplicates.length > 10)
    io.err(
      `dcdesk: warning: ${String(duplicates.length - 10)} more external IDs appear more than once.`,
    );
  const padded = {
    cpf_padded: { one: 'CPF cell was a number', other: 'CPF cells were numbers', digits: 11 },
    zip_padded: { one: 'CEP cell was a number', other: 'CEP cells were numbers', digits: 8 },
  } as const;
  for (const [note, what] of Object.entries(padded) as Array<
    [keyof typeof padded, (typeof padded)[keyof typeof padded]]
  >) {
    const rows = sourceRows.filter((row) => row.notes.includes(note)).map((row) => row.row);
    if (rows.length > 0)
      io.err(
        `dcdesk: note: ${counted(rows.length, what.one, what.other)} shorter than ${String(what.digits)} digits; ${pluralForm(rows.length, { one: 'its', other: 'their' })} leading zeros were restored (${pluralForm(rows.length, { one: 'row', other: 'rows' })} ${listed(rows)}).`,
      );
  }
}

/** Reads and maps a spreadsheet; every problem of the file itself is a usage error, with its reason. */
export async function readBulkInput(
  file: string,
  options: { sheet?: string; maxRows: number },
  io: Io,
): Promise<BulkInput> {
  const name = file === '-' ? stdinName : path.basename(file);
  const opened = await readSpreadsheetFile(file);
  if (!opened.ok) throw new UsageError(opened.message);
  const { bytes } = opened;
  const read = readSpreadsheet(bytes, name, {
    sheet: options.sheet,
    limits: { maxRows: options.maxRows },
  });
  if (!read.ok) throw new UsageError(`${name}: ${read.problem.message}`);
  const { rows } = read.value;
  const replaced = replacedCells(rows);
  if (replaced.count > 0) io.err(`dcdesk: warning: ${name}: ${describeReplacedCells(replaced)}`);
  const headerRow = detectHeaderRow(rows);
  const headers = headerTexts(rows, headerRow);
  const mapping = autoMapColumns(headers);
  const missing = (['sessionID', 'externalID'] as const).filter(
    (field) => mapping[field] === undefined,
  );
  if (missing.length > 0) {
    const found = headers.filter(Boolean).join(', ') || 'empty';
    // The first sheet may be a notes or summary sheet: name the others and the flag to choose one.
    const others = read.value.sheetNames.filter((sheet) => sheet !== read.value.sheet);
    const hint =
      others.length > 0 && options.sheet === undefined
        ? ` This is sheet '${read.value.sheet}'; the workbook also has ${others.map((sheet) => `'${sheet}'`).join(', ')}: choose one with --sheet NAME.`
        : '';
    throw new UsageError(
      `${name}: no column for ${missing.join(' and ')} in the header row (${found}).${hint}`,
    );
  }
  for (const repeated of repeatedHeaders(headers, mapping))
    io.err(`dcdesk: warning: ${describeRepeatedHeader(repeated)}`);
  const sourceRows = rowsToTransactions(rows, headerRow, mapping);
  if (sourceRows.length === 0)
    throw new UsageError(`${name}: the sheet has a header row but no data rows.`);
  warn(sourceRows, io);
  return {
    sourceRows,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sheet: read.value.sheet,
  };
}
