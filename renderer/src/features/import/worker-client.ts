/**
 * Requests to the import worker as promises. One worker per file: choosing another file ends the
 * old worker, so a long read of the previous file never delays the new one.
 */
import type { RawTransaction } from '../../../../shared/domain/types';
import type { ColumnMapping } from '../../../../shared/spreadsheet/columns';
import type {
  BaseReport,
  ImportAnswer,
  ImportRequest,
  SheetResult,
} from '../../workers/import-protocol';

type Progress = (done: number, total: number) => void;
type Waiting = {
  resolve: (answer: ImportAnswer) => void;
  reject: (error: Error) => void;
  onProgress?: Progress;
};
type Request = ImportRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export class ImportWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor() {
    // Written out in full so that Vite finds the worker and bundles it as its own module file.
    this.worker = new Worker(new URL('../../workers/import.worker.ts', import.meta.url), {
      type: 'module',
      name: 'import',
    });
    this.worker.addEventListener('message', (event: MessageEvent<ImportAnswer>) => {
      this.answer(event.data);
    });
    this.worker.addEventListener('error', (event) => {
      this.failAll(new Error(event.message || 'The import worker stopped.'));
    });
  }

  read(bytes: ArrayBuffer, fileName: string, maxRows: number): Promise<SheetResult> {
    // The bytes are transferred, not copied: the file is not held twice.
    return this.send({ type: 'read', bytes, fileName, maxRows }, [bytes]).then((answer) =>
      answer.type === 'sheet' ? answer.result : unexpected(answer),
    );
  }

  sheet(sheet: string): Promise<SheetResult> {
    return this.send({ type: 'sheet', sheet }).then((answer) =>
      answer.type === 'sheet' ? answer.result : unexpected(answer),
    );
  }

  check(headerRow: number, mapping: ColumnMapping, onProgress?: Progress): Promise<BaseReport> {
    return this.send({ type: 'check', headerRow, mapping }, [], onProgress).then((answer) =>
      answer.type === 'checked' ? answer.report : unexpected(answer),
    );
  }

  collect(
    headerRow: number,
    mapping: ColumnMapping,
    fixes: ReadonlyMap<number, RawTransaction>,
    excluded: ReadonlySet<number>,
  ): Promise<string> {
    const request: Request = {
      type: 'collect',
      headerRow,
      mapping,
      fixes: [...fixes],
      excluded: [...excluded],
    };
    return this.send(request).then((answer) =>
      answer.type === 'collected' ? answer.rows : unexpected(answer),
    );
  }

  /** SHA-256 of the file's bytes, hex; the worker holds them, so they are not read twice. */
  sha256(): Promise<string> {
    return this.send({ type: 'hash' }).then((answer) =>
      answer.type === 'hashed' ? answer.sha256 : unexpected(answer),
    );
  }

  terminate(): void {
    this.worker.terminate();
    this.failAll(new Error('The import was replaced.'));
  }

  private send(
    request: Request,
    transfer: Transferable[] = [],
    onProgress?: Progress,
  ): Promise<ImportAnswer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  private answer(answer: ImportAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    if (answer.type === 'progress') {
      waiting.onProgress?.(answer.done, answer.total);
      return;
    }
    this.waiting.delete(answer.id);
    if (answer.type === 'failed') waiting.reject(new Error(answer.message));
    else waiting.resolve(answer);
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

function unexpected(answer: ImportAnswer): never {
  throw new Error(`The import worker answered ${answer.type} out of turn.`);
}
