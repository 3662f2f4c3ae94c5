/**
 * Reads a response-variable file chosen from disk on a worker of its own, so that the window
 * answers while a 20 MB file is decoded, checked, hashed and encoded. One worker per file: it
 * ends with the read, or when a newer choice stops it.
 */
import type {
  ChosenFile,
  ReadingStage,
  ResponseFileAnswer,
  ResponseFileRequest,
} from '../../workers/response-file-protocol';

/** The worker stopped or failed before it answered (its message is English, for support). */
export class ReaderFailed extends Error {}

export interface DiskReading {
  /** The file as read; a file the disk cannot give rejects with the browser's own error. */
  result: Promise<ChosenFile>;
  /** Ends the worker; `result` rejects (with `ReaderFailed`) if it has not settled. */
  stop: () => void;
}

export function readFromDisk(file: File, onStage: (stage: ReadingStage) => void): DiskReading {
  let stopped = false;
  let stop = () => {
    stopped = true;
  };
  const result = file.arrayBuffer().then(
    (bytes) =>
      new Promise<ChosenFile>((resolve, reject) => {
        if (stopped) return reject(new ReaderFailed('The read was stopped.'));
        // Written out in full so that Vite finds the worker and bundles it as its own module file.
        const worker = new Worker(
          new URL('../../workers/response-file.worker.ts', import.meta.url),
          { type: 'module', name: 'response-file' },
        );
        const end = (failure: Error | null, read?: ChosenFile) => {
          worker.terminate();
          stop = () => undefined;
          if (failure) reject(failure);
          else if (read) resolve(read);
        };
        stop = () => end(new ReaderFailed('The read was stopped.'));
        worker.addEventListener('message', (event: MessageEvent<ResponseFileAnswer>) => {
          const answer = event.data;
          if (answer.type === 'stage') onStage(answer.stage);
          else if (answer.type === 'read') end(null, answer.file);
          else end(new ReaderFailed(answer.message));
        });
        // A worker that cannot load, throws outside the session or runs out of memory: said, not
        // waited for.
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          end(new ReaderFailed(event.message || 'The file reader stopped.'));
        });
        worker.addEventListener('messageerror', () =>
          end(new ReaderFailed('The file reader answered something that could not be read.')),
        );
        const request: ResponseFileRequest = { type: 'read', bytes, fileName: file.name };
        // The bytes are transferred, not copied: the file is not held twice.
        worker.postMessage(request, [bytes]);
      }),
  );
  return { result, stop: () => stop() };
}
