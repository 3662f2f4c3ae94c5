import type { DeviceCheckApi } from '../../../shared/contract/device-check-api';
import { eventNames, operationNames, subscriptionName } from '../../../shared/contract/names';
import type { AppError, Result } from '../../../shared/result';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the page is served by the web host. */
    deviceCheck?: DeviceCheckApi;
  }
}

/** The web host hands the page its secret in the URL fragment; a reload keeps it for the tab. */
function webHostSecret(): string {
  const match = /(?:^#|&)secret=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem('dcdesk.secret', match[1]);
    history.replaceState(null, '', window.location.pathname);
  }
  return sessionStorage.getItem('dcdesk.secret') ?? '';
}

/**
 * Whether this window still reaches the app's core. In Electron the core is the main process,
 * which takes the window with it when it ends; over the web host, the host can end on its own.
 */
type ConnectionListener = (connected: boolean) => void;
const connectionListeners = new Set<ConnectionListener>();
let coreConnected = true;

function setCoreConnected(connected: boolean): void {
  if (connected === coreConnected) return;
  coreConnected = connected;
  connectionListeners.forEach((listener) => listener(connected));
}

/** Calls `listener` whenever the connection to the core is lost or back; returns the unsubscribe. */
export function onCoreConnection(listener: ConnectionListener): () => void {
  connectionListeners.add(listener);
  if (!coreConnected) listener(false);
  return () => connectionListeners.delete(listener);
}

const transportFailure = (): Result<never> => {
  setCoreConnected(false);
  // Not `network`: that one says the service cannot be reached, and the service is not at fault.
  return {
    ok: false,
    error: { code: 'core_lost', message: 'Lost connection to the app’s core.' },
  };
};

/**
 * Whether the web host refused this window's address (see `wrong_address`). It never comes back
 * for this page: only opening the address the host printed helps, so the whole window says that.
 */
type AddressListener = () => void;
const addressListeners = new Set<AddressListener>();
let addressRefused = false;

/** Calls `listener` once the web host has refused this window's address; returns the unsubscribe. */
export function onAddressRefused(listener: AddressListener): () => void {
  addressListeners.add(listener);
  if (addressRefused) listener();
  return () => addressListeners.delete(listener);
}

function noteAnswer(answer: Result<unknown>): void {
  if (answer.ok || answer.error.code !== 'wrong_address' || addressRefused) return;
  addressRefused = true;
  addressListeners.forEach((listener) => listener());
}

/** The web host's secret, read once from the address (empty in Electron). */
let secret = '';

/**
 * One call over the loopback web host: its input as the JSON body, or another body with the
 * headers that say what it holds (see callWithRows).
 */
export async function webHostCall(
  name: string,
  body: BodyInit,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
): Promise<Result<unknown>> {
  try {
    const response = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { ...headers, 'X-DCDesk-Secret': secret },
      body,
    });
    const answer = (await response.json()) as Result<unknown>;
    setCoreConnected(true);
    noteAnswer(answer);
    return answer;
  } catch {
    return transportFailure();
  }
}

/** The same contract over the loopback web host (development and tests). */
function webHostApi(): DeviceCheckApi {
  secret = webHostSecret();
  const api: Record<string, unknown> = {};
  for (const name of operationNames) {
    const [group = '', method = ''] = name.split('.');
    const calls = (api[group] ??= {}) as Record<string, unknown>;
    // The JSON goes in a Blob: Chromium's fetch takes a text body at about 30 ns a byte of the
    // window's thread (13 ms for 400 kB), a Blob made of the same text in under a quarter of that,
    // which keeps the big bodies (a full sheet's IDs, 1 MB at a time) out of long tasks.
    calls[method] = (input: unknown) => webHostCall(name, new Blob([JSON.stringify(input ?? {})]));
  }
  let source: EventSource | null = null;
  // One event stream for every subscription; when it drops, the host is gone (it never closes
  // the stream itself), so the window says so at once instead of waiting for the next call.
  const stream = (): EventSource => {
    if (source) return source;
    source = new EventSource(`/events?secret=${encodeURIComponent(secret)}`);
    source.addEventListener('open', () => setCoreConnected(true));
    source.addEventListener('error', () => setCoreConnected(false));
    return source;
  };
  for (const event of eventNames) {
    api[subscriptionName(event)] = (handler: (payload: unknown) => void) => {
      stream();
      const listener = (message: MessageEvent<string>) =>
        handler(JSON.parse(message.data) as unknown);
      stream().addEventListener(event, listener);
      return () => source?.removeEventListener(event, listener);
    };
  }
  return api as DeviceCheckApi;
}

export const api: DeviceCheckApi = window.deviceCheck ?? webHostApi();

/** A failed call, as an Error carrying the AppError, for TanStack Query. */
export class ApiError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Unwraps a Result for a query or mutation: the value, or an ApiError thrown. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}
