/**
 * Requests to the outcomes worker as promises. One worker per file: choosing another file ends
 * the old one, so a long read of the previous file never delays the new one.
 */
import type { OutcomeColumnMapping } from '../../../../../shared/outcomes/types';
import type {
  OutcomeRows,
  OutcomeSheetResult,
  OutcomesAnswer,
  OutcomesRequest,
} from '../../../workers/outcomes-protocol';

type Request = OutcomesRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export class OutcomeWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (answer: OutcomesAnswer) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;

  constructor() {
    // Written out in full so that Vite finds the worker and bundles it as its own module file.
    this.worker = new Worker(new URL('../../../workers/outcomes.worker.ts', import.meta.url), {
      type: 'module',
      name: 'outcomes',
    });
    this.worker.addEventListener('message', (event: MessageEvent<OutcomesAnswer>) => {
      const waiting = this.waiting.get(event.data.id);
      if (!waiting) return;
      this.waiting.delete(event.data.id);
      if (event.data.type === 'failed') waiting.reject(new Error(event.data.message));
      else waiting.resolve(event.data);
    });
    this.worker.addEventListener('error', (event) => {
      this.failAll(new Error(event.message || 'The outcomes worker stopped.'));
    });
  }

  read(bytes: ArrayBuffer, fileName: string, maxRows: number): Promise<OutcomeSheetResult> {
    // The bytes are transferred, not copied.
    return this.send({ type: 'read', bytes, fileName, maxRows }, [bytes]).then((answer) =>
      answer.type === 'sheet' ? answer.result : unexpected(answer),
    );
  }

  sheet(sheet: string): Promise<OutcomeSheetResult> {
    return this.send({ type: 'sheet', sheet }).then((answer) =>
      answer.type === 'sheet' ? answer.result : unexpected(answer),
    );
  }

  rows(headerRow: number, mapping: OutcomeColumnMapping): Promise<OutcomeRows> {
    return this.send({ type: 'rows', headerRow, mapping }).then((answer) =>
      answer.type === 'rows' ? answer.rows : unexpected(answer),
    );
  }

  terminate(): void {
    this.worker.terminate();
    this.failAll(new Error('The file was replaced.'));
  }

  private send(request: Request, transfer: Transferable[] = []): Promise<OutcomesAnswer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

function unexpected(answer: OutcomesAnswer): never {
  throw new Error(`The outcomes worker answered ${answer.type} out of turn.`);
}
