import type { DeviceCheckApi } from '../../shared/contract/device-check-api';
import {
  eventNames,
  operationChannel,
  operationNames,
  subscriptionName,
} from '../../shared/contract/names';
import { fail } from '../../shared/result';

/**
 * The part of `ipcRenderer` the bridge uses. Passed in rather than imported, so this file never
 * loads 'electron' and the API it builds can be tested in Node.
 */
export interface IpcRendererLike {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

type Callable = (input: unknown) => Promise<unknown>;
type Subscribe = (handler: (payload: unknown) => void) => () => void;

/**
 * Builds `window.deviceCheck` from the contract's name lists (names.ts, not operations.ts, which
 * would pull zod into this bundle): `api.<group>.<method>(input)` per operation and
 * `api.on<Event>(handler)` per event. Only named functions and plain data cross the bridge:
 * never `ipcRenderer`, a channel name or the IPC event.
 */
export function buildApi(ipc: IpcRendererLike): DeviceCheckApi {
  const api: Record<string, Record<string, Callable> | Subscribe> = {};

  for (const name of operationNames) {
    const [group = '', method = ''] = name.split('.');
    const channel = operationChannel(name);
    const calls = (api[group] ??= {}) as Record<string, Callable>;
    calls[method] = async (input) => {
      try {
        return await ipc.invoke(channel, input);
      } catch {
        // No handler yet, a closed window or an input that cannot be cloned: errors stay data.
        return fail(
          'internal',
          `The app could not complete ${name}: its main process did not answer.`,
        );
      }
    };
  }

  for (const event of eventNames) {
    api[subscriptionName(event)] = (handler) => {
      const listener = (_event: unknown, payload: unknown): void => handler(payload);
      ipc.on(event, listener);
      return () => void ipc.removeListener(event, listener);
    };
  }

  // The one unchecked step: the object is built from name lists that api.ts checks against the
  // contract at compile time, and bridge.test.ts checks its shape against DeviceCheckApi.
  return api as unknown as DeviceCheckApi;
}
