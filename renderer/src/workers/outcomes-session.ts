/**
 * What the outcomes worker remembers between messages (the file's bytes, the rows of the chosen
 * sheet) and how it answers. Plain code over a `post` function, so it runs in Node tests as it
 * runs in the worker.
 */
import { outcomeHeaderRow } from '../../../shared/outcomes/outcome-columns';
import { importRowOf, sortOutcomeRows } from '../../../shared/outcomes/outcome-rows';
import type { OutcomeColumnMapping } from '../../../shared/outcomes/types';
import type { Cell, MergedArea } from '../../../shared/spreadsheet/types';
import { hiddenRowCounter } from '../../../shared/spreadsheet/hidden-rows';
import type { OutcomeRows, OutcomesAnswer, OutcomesRequest } from './outcomes-protocol';
import { readHeldSheet, type HeldFile, type SheetResult } from './sheet';
import { messageOf } from '../../../shared/message-of';

/** The longest transaction id the core takes (the contract's limit). */
export const maxTransactionIdLength = 64;

/** The sheet's rows under a header row and mapping, split by what can be applied. */
export function mapOutcomeRows(
  rows: Cell[][],
  headerRow: number,
  mapping: OutcomeColumnMapping,
  hiddenRows?: readonly number[],
  merges?: readonly MergedArea[],
): OutcomeRows {
  const sorted = sortOutcomeRows(rows, headerRow, mapping, merges);
  const result: OutcomeRows = {
    rows: [],
    unknown: [],
    checked: [],
    blankIds: sorted.blankIds,
    longIds: [],
    lostDigits: sorted.lostDigits,
    dateCells: sorted.dateCells,
    errorCells: sorted.errorCells,
    formulaCells: sorted.formulaCells,
    mergedCells: sorted.mergedCells,
    hidden: 0,
  };
  const hidden = hiddenRowCounter(hiddenRows);
  for (const kept of sorted.kept) {
    const { row, transactionId, outcomeText, outcome } = kept;
    if (transactionId.length > maxTransactionIdLength) {
      result.longIds.push({ row, transactionId });
      continue;
    }
    result.checked.push(importRowOf(kept));
    if (outcome === null) result.unknown.push({ row, transactionId, outcomeText });
    else {
      hidden.see(row);
      result.rows.push({ row, transactionId, outcome });
    }
  }
  result.hidden = hidden.count;
  return result;
}

export function createOutcomesSession(post: (answer: OutcomesAnswer) => void) {
  let file: HeldFile | null = null;
  let rows: Cell[][] = [];
  let hiddenRows: number[] = [];
  let merges: MergedArea[] = [];

  function read(sheet?: string): SheetResult {
    const held = readHeldSheet(file, sheet, outcomeHeaderRow);
    rows = held.rows;
    hiddenRows = held.hiddenRows;
    merges = held.merges;
    return held.result;
  }

  function answer(request: OutcomesRequest): OutcomesAnswer {
    const { id } = request;
    switch (request.type) {
      case 'read':
        file = {
          bytes: new Uint8Array(request.bytes),
          name: request.fileName,
          maxRows: request.maxRows,
        };
        return { type: 'sheet', id, result: read() };
      case 'sheet':
        return { type: 'sheet', id, result: read(request.sheet) };
      case 'rows':
        return {
          type: 'rows',
          id,
          rows: mapOutcomeRows(rows, request.headerRow, request.mapping, hiddenRows, merges),
        };
    }
  }

  return {
    handle: (request: OutcomesRequest) => {
      try {
        post(answer(request));
      } catch (error) {
        // readSpreadsheet never throws; this keeps the screen from waiting forever on a bug.
        post({
          type: 'failed',
          id: request.id,
          message: messageOf(error),
        });
      }
    },
  };
}
