/**
 * Reading an outcomes spreadsheet (the export of the analyst's case system): which column holds
 * the transaction id and which the outcome, then one row per sheet row. The spreadsheet itself is
 * read by `readSpreadsheet`, exactly as a transaction list is.
 */
import { detectHeaderRow, headerSearchRows, headerTexts } from '../spreadsheet/header';
import { matchScore, normaliseWords } from '../spreadsheet/header-names';
import { repeatedHeaders, type RepeatedHeader } from '../spreadsheet/repeated-headers';
import type { Cell } from '../spreadsheet/types';
import { parseOutcome } from './outcome-names';
import type { OutcomeColumnMapping, OutcomeSheetRow } from './types';

/** Column names for the outcome, compared as `normaliseWords` leaves them. */
const outcomeHeaders = [
  'Resultado',
  'Resultado da Análise',
  'Resultado Final',
  'Outcome',
  'Review Outcome',
  'Result',
  'Analysis Result',
  'Classificação',
  'Classification',
  'Status da Análise',
  'Analysis Status',
  'Review Status',
  'Decisão',
  'Decision',
  'Parecer',
  'Veredito',
  'Verdict',
  'Variável Resposta',
  'Response Variable',
].map((name) => normaliseWords(name).join(''));

/**
 * Guesses the two columns from the header texts. The transaction id is named as in a transaction
 * list (`ID Transacional`, `ID da transação`, `Pedido`, `Order ID`, `externalID`, …; see
 * `header-names.ts`), an exact name winning over a qualified one (`Pedido do Cliente`); the
 * outcome as `Resultado`, `Outcome`, `Classificação`, `Status da análise`, `Decision`, …. The
 * leftmost column wins a tie; a field no header names is left out for the analyst to choose.
 */
export function autoMapOutcomeColumns(headers: string[]): OutcomeColumnMapping {
  const mapping: OutcomeColumnMapping = {};
  let bestId = 0;
  headers.forEach((header, column) => {
    const score = matchScore(header, 'externalID');
    if (score > bestId) [mapping.transactionId, bestId] = [column, score];
  });
  const outcome = headers.findIndex(
    (header, column) =>
      column !== mapping.transactionId && outcomeHeaders.includes(normaliseWords(header).join('')),
  );
  if (outcome >= 0) mapping.outcome = outcome;
  return mapping;
}

/**
 * Fields with more than one column that could hold them (`Pedido` and `ID Transacional`,
 * `Resultado` and `Status da Análise`), with the one `mapping` uses, so the choice is said.
 */
export function outcomeColumnChoices(
  headers: string[],
  mapping: OutcomeColumnMapping,
): Array<RepeatedHeader<keyof OutcomeColumnMapping>> {
  return repeatedHeaders(headers, mapping, (header, field) =>
    field === 'transactionId'
      ? matchScore(header, 'externalID') > 0
      : outcomeHeaders.includes(normaliseWords(header).join('')),
  );
}

/**
 * The header row of an outcomes sheet: the first of the top rows in which both columns are found
 * (case-system exports often start with a title), else the row `detectHeaderRow` picks. `mapOf`
 * finds the columns in a row's headers; by default by their names.
 */
export function outcomeHeaderRow(
  rows: Cell[][],
  mapOf: (headers: string[]) => OutcomeColumnMapping = autoMapOutcomeColumns,
): number {
  const end = Math.min(rows.length, headerSearchRows);
  for (let index = 0; index < end; index += 1) {
    const mapping = mapOf(headerTexts(rows, index));
    if (mapping.transactionId !== undefined && mapping.outcome !== undefined) return index;
  }
  return detectHeaderRow(rows);
}

/**
 * The rows below `headerRow` (0-based) as outcome rows, numbered as the sheet numbers them
 * (1-based). Rows that are entirely empty are skipped; ids and outcome texts are trimmed. A row
 * with content but no id is not a row: its number goes to `blankIds` so the analyst sees it.
 * Ids stored as numbers come as plain digits, as the reader writes every number.
 */
export function outcomeRowsFrom(
  rows: Cell[][],
  headerRow: number,
  mapping: OutcomeColumnMapping,
): { rows: OutcomeSheetRow[]; blankIds: number[] } {
  const result: OutcomeSheetRow[] = [];
  const blankIds: number[] = [];
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    if (!cells.some((cell) => cell !== null && cell.text.trim() !== '')) continue;
    const transactionId = textAt(cells, mapping.transactionId);
    if (transactionId === '') {
      blankIds.push(index + 1);
      continue;
    }
    const outcomeText = textAt(cells, mapping.outcome);
    result.push({ row: index + 1, transactionId, outcomeText, outcome: parseOutcome(outcomeText) });
  }
  return { rows: result, blankIds };
}

function textAt(cells: Cell[], column: number | undefined): string {
  return column === undefined ? '' : (cells[column]?.text.trim() ?? '');
}
