import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messageOf } from '../../../shared/message-of';
import type { Engine } from '../store/engine';
import {
  waitListeners,
  type RowSlice,
  type RowWrite,
  type RowWriteOutcome,
  type RowWriter,
  type SliceOutcome,
} from './row-writes';

/**
 * How a host runs a batch's row writes on a thread of their own (`row-writer-thread.ts`): the
 * script built beside its bundle (`dist/electron/row-writer.cjs`), or, run from the repository,
 * `row-writer-source.mjs`, which loads the source through tsx. Absent: the runner writes on its
 * own thread.
 */
export interface WriterThread {
  script: string;
  /** The SQLite module the thread loads: the same as the host's connection. */
  engine?: Engine;
}

/** The thread from the repository's source, for hosts run from it (the web host, tests). */
export function repositoryWriterThread(): WriterThread {
  return { script: path.resolve('electron/core/bulk/row-writer-source.mjs') };
}

/** What the thread is started with. */
export interface WriterThreadData {
  file: string;
  engine: Engine;
  /** The lease owner whose run this is; absent: the run is the batch's only runner. */
  leaseOwner: string | null;
}

/** A step of a run, or a slice of a batch's input rows, numbered for its reply. */
export type WriterTask = { step: RowWrite } | { slice: RowSlice };
export type WriterRequest = WriterTask & { id: number };
export type WriterReply = { id: number; outcome: RowWriteOutcome | SliceOutcome };
/** The thread's writes started (true) or stopped (false) waiting for another process's lock. */
export type WriterWait = { waiting: boolean };

/**
 * Writes on a thread with its own connection to the history file, so a commit's fsync and the
 * SQLite work of each answer never hold the thread that sends requests. Writes are answered in
 * the order they are asked. If the thread fails, every write waiting and every later one fails
 * with the reason; nothing is retried behind the runner's back.
 */
export function threadRowWriter(
  thread: WriterThread,
  file: string,
  leaseOwner: string | undefined,
): RowWriter {
  const worker = new Worker(thread.script, {
    workerData: {
      file,
      engine: thread.engine ?? {},
      leaseOwner: leaseOwner ?? null,
    } satisfies WriterThreadData,
  });
  const waiting = new Map<number, (outcome: RowWriteOutcome | SliceOutcome) => void>();
  let next = 0;
  let broken: string | null = null;

  function failAll(message: string): void {
    broken ??= message;
    for (const settle of waiting.values()) settle({ kind: 'failed', message: broken });
    waiting.clear();
  }

  const waits = waitListeners();
  worker.on('message', (reply: WriterReply | WriterWait) => {
    if ('waiting' in reply) {
      waits.tell(reply.waiting);
      return;
    }
    const settle = waiting.get(reply.id);
    waiting.delete(reply.id);
    settle?.(reply.outcome);
  });
  worker.on('error', (caught) => failAll(`the writer thread failed: ${messageOf(caught)}`));
  worker.on('exit', (code) => failAll(`the writer thread stopped (exit code ${String(code)})`));
  // An idle writer never keeps the process alive; one with writes waiting does.
  worker.unref();

  function ask(task: WriterTask): Promise<RowWriteOutcome | SliceOutcome> {
    if (broken) return Promise.resolve({ kind: 'failed', message: broken });
    next += 1;
    const id = next;
    return new Promise((resolve) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, (outcome) => {
        // Settled after being taken out of `waiting`: the last write waiting lets go.
        if (waiting.size === 0) worker.unref();
        resolve(outcome);
      });
      worker.postMessage({ id, ...task } satisfies WriterRequest);
    });
  }

  return {
    write: (step) => ask({ step }) as Promise<RowWriteOutcome>,
    insert: (slice) => ask({ slice }) as Promise<SliceOutcome>,
    watchWaits: waits.watch,
    close() {
      if (broken) return;
      failAll('the row writer is closed');
      // Held until the thread has closed its connection cleanly.
      worker.ref();
      worker.postMessage('close');
    },
  };
}
