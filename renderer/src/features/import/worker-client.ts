/**
 * Requests to the import worker as promises. One worker per file: choosing another file ends the
 * old worker, so a long read of the previous file never delays the new one.
 */
import type { RawTransaction } from '../../../../shared/domain/types';
import type { RowSource } from '../../app/row-storing';
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
  /** Row sources still open (see collect). */
  private holds = 0;
  private replaced = false;

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

  /**
   * The rows to send, kept in the worker and handed out a slice at a time. The worker stays
   * alive until the source is closed, even when this import is replaced meanwhile: a batch's
   * rows are still being sent from it.
   */
  async collect(
    headerRow: number,
    mapping: ColumnMapping,
    fixes: ReadonlyMap<number, RawTransaction>,
    excluded: ReadonlySet<number>,
  ): Promise<RowSource> {
    const request: Request = {
      type: 'collect',
      headerRow,
      mapping,
      fixes: [...fixes],
      excluded: [...excluded],
    };
    const answer = await this.send(request);
    if (answer.type !== 'collected') unexpected(answer);
    const collection = answer.id;
    this.holds += 1;
    let open = true;
    return {
      count: answer.count,
      slice: (from, count) =>
        this.send({ type: 'slice', collection, from, count }).then((sliced) =>
          sliced.type === 'slice' ? sliced.rows : unexpected(sliced),
        ),
      close: () => {
        if (!open) return;
        open = false;
        this.holds -= 1;
        if (this.replaced && this.holds === 0) this.worker.terminate();
        else void this.send({ type: 'release', collection }).catch(() => undefined);
      },
    };
  }

  /** SHA-256 of the file's bytes, hex; the worker holds them, so they are not read twice. */
  sha256(): Promise<string> {
    return this.send({ type: 'hash' }).then((answer) =>
      answer.type === 'hashed' ? answer.sha256 : unexpected(answer),
    );
  }

  /** Ends the worker, or, while rows collected from it are still being sent, once they are. */
  terminate(): void {
    this.replaced = true;
    if (this.holds === 0) {
      this.worker.terminate();
      this.failAll(new Error('The import was replaced.'));
    }
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
