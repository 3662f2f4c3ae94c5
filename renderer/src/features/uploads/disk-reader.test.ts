import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChosenFile, ResponseFileAnswer } from '../../workers/response-file-protocol';
import { ReaderFailed, readFromDisk } from './disk-reader';

/** A stand-in for the browser's Worker: the test plays the worker's side. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | null = null;
  posted: Array<{ message: unknown; transfer: Transferable[] }> = [];
  terminated = false;
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: ResponseFileAnswer) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const file = () => new File(['ID Transacional,DeviceId,Resultado'], 'a.csv');
/** The worker exists once the file's bytes are read. */
const started = () => vi.waitUntil(() => FakeWorker.last);

describe('readFromDisk', () => {
  vi.stubGlobal('Worker', FakeWorker);
  afterEach(() => {
    FakeWorker.last = null;
  });

  it('transfers the bytes, passes on the stages and ends the worker with the answer', async () => {
    const stages: string[] = [];
    const reading = readFromDisk(file(), (stage) => stages.push(stage));
    const worker = await started();
    const [{ message, transfer }] = worker.posted as [
      { message: { bytes: ArrayBuffer }; transfer: Transferable[] },
    ];
    expect(transfer).toEqual([message.bytes]);
    worker.answer({ type: 'stage', stage: 'rows' });
    const chosen = { name: 'a.csv' } as ChosenFile;
    worker.answer({ type: 'read', file: chosen });
    await expect(reading.result).resolves.toBe(chosen);
    expect(stages).toEqual(['rows']);
    expect(worker.terminated).toBe(true);
  });

  it('a worker that crashes is a ReaderFailed with its message, not a wait', async () => {
    const reading = readFromDisk(file(), () => undefined);
    const worker = await started();
    worker.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
    await expect(reading.result).rejects.toThrow(new ReaderFailed('out of memory'));
    expect(worker.terminated).toBe(true);
  });

  it('a failed answer, or a stop for a newer choice, rejects too', async () => {
    const failed = readFromDisk(file(), () => undefined);
    (await started()).answer({ type: 'failed', message: 'zip bomb' });
    await expect(failed.result).rejects.toBeInstanceOf(ReaderFailed);

    FakeWorker.last = null;
    const stopped = readFromDisk(file(), () => undefined);
    const worker = await started();
    stopped.stop();
    await expect(stopped.result).rejects.toBeInstanceOf(ReaderFailed);
    expect(worker.terminated).toBe(true);
  });

  it('stopped before the bytes are read, no worker is started', async () => {
    const reading = readFromDisk(file(), () => undefined);
    reading.stop();
    await expect(reading.result).rejects.toBeInstanceOf(ReaderFailed);
    expect(FakeWorker.last).toBeNull();
  });
});
