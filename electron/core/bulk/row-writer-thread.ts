import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { leaseRepo } from '../batches/batch-lease';
import { configureConnection, type Db } from '../store/db';
import { engineOptions } from '../store/engine';
import { rowWrites, writeFailure } from './row-writes';
import type { WriterReply, WriterRequest, WriterThreadData, WriterWait } from './thread-row-writer';

/**
 * The thread a batch run writes its rows on (see `threadRowWriter`): its own connection to the
 * history file, configured as the host's, and the same writes as a run on one thread.
 */
const data = workerData as WriterThreadData;
const port = parentPort;

type Outcome = WriterReply['outcome'];

function open(): { answer: (request: WriterRequest) => Promise<Outcome>; close: () => void } {
  let db: Db | undefined;
  try {
    db = new Database(data.file, engineOptions(data.engine));
    configureConnection(db);
    const leases = leaseRepo(db);
    const owner = data.leaseOwner;
    let batchId = '';
    const writes = rowWrites(
      db,
      () => owner === null || leases.get(batchId)?.owner === owner,
      // The host tells the run, whose thread is free meanwhile (see `threadRowWriter`).
      (waiting) => port?.postMessage({ waiting } satisfies WriterWait),
    );
    const opened = db;
    return {
      answer(request) {
        if ('slice' in request) return writes.insert(request.slice);
        batchId = request.step.batchId;
        return writes.write(request.step);
      },
      close: () => opened.close(),
    };
  } catch (caught) {
    db?.close();
    const failure = writeFailure(caught, 'the history could not be opened for writing: ');
    return { answer: () => Promise.resolve(failure), close: () => undefined };
  }
}

const writer = open();
// One write at a time, in the order asked: a write waiting for the lock (between its attempts)
// holds the next ones back, and the close waits for them all.
let queue = Promise.resolve();
port?.on('message', (request: WriterRequest | 'close') => {
  queue = queue.then(async () => {
    if (request === 'close') {
      // The connection is closed cleanly, then the thread ends with nothing left to run.
      writer.close();
      port.close();
      return;
    }
    const outcome = await writer.answer(request);
    port.postMessage({ id: request.id, outcome } satisfies WriterReply);
  });
});
