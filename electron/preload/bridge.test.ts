import { describe, expect, it } from 'vitest';
import type { DeviceCheckApi } from '../../shared/contract/device-check-api';
import { operationChannel } from '../../shared/contract/names';
import { buildApi, type IpcRendererLike } from './bridge';

/**
 * The shape of DeviceCheckApi as plain data: `true` for a subscription, a record of methods for a
 * group. Typing `expected` with it makes the compiler check this list against the contract type
 * (a missing or extra name does not compile); the test checks the built object against the list.
 */
type Shape<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? true : Record<keyof T[K], true>;
};

const expected: Shape<DeviceCheckApi> = {
  app: { info: true, sample: true },
  settings: { get: true, update: true },
  environments: { list: true, activate: true, configure: true, test: true },
  credentials: { save: true, delete: true },
  history: {
    purgePreview: true,
    purge: true,
    batchDeletion: true,
    deleteBatch: true,
    forgetCpf: true,
    search: true,
    searchSummary: true,
  },
  lookups: { countRecent: true },
  batches: {
    create: true,
    storeRows: true,
    keepStoredRows: true,
    list: true,
    get: true,
    resume: true,
    pause: true,
    cancel: true,
    retryFailed: true,
  },
  results: {
    page: true,
    aggregates: true,
    detail: true,
    export: true,
    exportFailed: true,
    cancelExport: true,
  },
  devices: { get: true },
  outcomes: {
    set: true,
    setFiltered: true,
    setSearched: true,
    importCheck: true,
    importApply: true,
    summary: true,
    fileRows: true,
    buildFile: true,
  },
  report: { get: true, export: true },
  uploads: { check: true, saveBuilt: true, send: true, resend: true, list: true, file: true },
  team: { status: true, test: true, connect: true, sync: true, disconnect: true },
  onBatchProgress: true,
  onOutcomesChanged: true,
  onOutcomesProgress: true,
  onOutcomesFileProgress: true,
  onResultsExportProgress: true,
  onSettingsChanged: true,
  onAppCommand: true,
};

type Listener = (event: unknown, payload: unknown) => void;

function fakeIpc(answer: (channel: string, input: unknown) => Promise<unknown>) {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: IpcRendererLike = {
    invoke: (channel, input) => {
      invoked.push([channel, input]);
      return answer(channel, input);
    },
    on: (channel, listener) =>
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc-event' }, payload);
  };
  return { ipc, invoked, emit, listeners };
}

describe('buildApi', () => {
  it('exposes exactly the contract: one function per operation and per event', () => {
    const api = buildApi(fakeIpc(() => Promise.resolve(null)).ipc) as unknown as Record<
      string,
      unknown
    >;
    expect(Object.keys(api).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, members] of Object.entries(expected)) {
      if (members === true) {
        expect(typeof api[key]).toBe('function');
        continue;
      }
      const group = api[key] as Record<string, unknown>;
      expect(Object.keys(group).sort()).toEqual(Object.keys(members).sort());
      for (const method of Object.keys(members)) expect(typeof group[method]).toBe('function');
    }
  });

  it('invokes the operation channel with the one input and returns the answer', async () => {
    const { ipc, invoked } = fakeIpc(() => Promise.resolve({ ok: true, value: 7 }));
    const api = buildApi(ipc);
    const answer = await api.lookups.countRecent({ requests: 'A1', days: 7 });
    expect(answer).toEqual({ ok: true, value: 7 });
    expect(invoked).toEqual([
      [operationChannel('lookups.countRecent'), { requests: 'A1', days: 7 }],
    ]);
  });

  it('turns a failed invoke into an error result rather than a rejection', async () => {
    const { ipc } = fakeIpc(() =>
      Promise.reject(new Error("No handler registered for 'renderer:app.info'")),
    );
    const answer = await buildApi(ipc).app.info({});
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('passes only the payload to subscribers and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc(() => Promise.resolve(null));
    const api = buildApi(ipc);
    const received: unknown[][] = [];
    const unsubscribe = api.onBatchProgress((...args: unknown[]) => received.push(args));
    const event = { type: 'cancelled', batchId: 'b1', counts: {} };
    emit('main:batch.progress', event);
    unsubscribe();
    emit('main:batch.progress', event);
    expect(received).toEqual([[event]]);
    expect(listeners.get('main:batch.progress')?.size).toBe(0);
  });
});
