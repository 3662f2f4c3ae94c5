/**
 * What the import worker remembers between messages (the file's bytes, the rows of the chosen
 * sheet) and how it answers each request. Plain code over a `post` function, so it runs in Node
 * tests as it runs in the worker.
 */
import { detectHeaderRow } from '../../../shared/spreadsheet/header';
import type { Cell, MergedArea } from '../../../shared/spreadsheet/types';
import { rowLines } from '../../../shared/contract/row-lines';
import type { SourceRow } from '../../../shared/spreadsheet/transactions';
import { checkRows, collectRows } from './check-rows';
import type { ImportAnswer, ImportRequest, SheetResult } from './import-protocol';
import { sha256Hex } from './sha256';
import { readHeldSheet, type HeldFile } from './sheet';
import { messageOf } from '../../../shared/message-of';

export type Post = (answer: ImportAnswer) => void;

export interface ImportSession {
  handle: (request: ImportRequest) => void;
}

export function createImportSession(post: Post): ImportSession {
  let file: HeldFile | null = null;
  let rows: Cell[][] = [];
  let hiddenRows: number[] = [];
  let merges: MergedArea[] = [];
  /** Rows collected for a run, by the id of the request that collected them. */
  const collections = new Map<number, SourceRow[]>();

  function read(sheet?: string): SheetResult {
    const held = readHeldSheet(file, sheet, detectHeaderRow);
    rows = held.rows;
    hiddenRows = held.hiddenRows;
    merges = held.merges;
    return held.result;
  }

  /** The digest is the one asynchronous answer: WebCrypto only offers it as a promise. */
  function hash(id: number): void {
    if (file === null) {
      post({ type: 'failed', id, message: 'No file has been read yet.' });
      return;
    }
    sha256Hex(file.bytes).then(
      (sha256) => post({ type: 'hashed', id, sha256 }),
      (error: unknown) =>
        post({
          type: 'failed',
          id,
          message: messageOf(error),
        }),
    );
  }

  function answer(request: Exclude<ImportRequest, { type: 'hash' }>): ImportAnswer {
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
      case 'check': {
        const report = checkRows(
          rows,
          request.headerRow,
          request.mapping,
          (done, total) => post({ type: 'progress', id, done, total }),
          hiddenRows,
          merges,
        );
        return { type: 'checked', id, report };
      }
      case 'collect': {
        const fixes = new Map(request.fixes);
        const excluded = new Set(request.excluded);
        const collected = collectRows(
          rows,
          request.headerRow,
          request.mapping,
          fixes,
          excluded,
          merges,
        );
        collections.set(id, collected);
        return { type: 'collected', id, count: collected.length };
      }
      case 'slice': {
        const collected = collections.get(request.collection);
        if (!collected) throw new Error(`No rows are collected as ${String(request.collection)}.`);
        const { from, count } = request;
        // One string, moved rather than cloned object by object on the window's thread.
        const lines = rowLines(collected.slice(from, from + count));
        return { type: 'slice', id, rows: new Blob([lines], { type: 'application/x-ndjson' }) };
      }
      case 'release':
        collections.delete(request.collection);
        return { type: 'released', id };
    }
  }

  return {
    handle(request) {
      if (request.type === 'hash') {
        hash(request.id);
        return;
      }
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
